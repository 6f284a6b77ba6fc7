/// A remote control of the talk (`podium present --remote`: PodiumRemote's web server), as the
/// talk's loop sees it. The loop calls these on its own thread; the remote wakes the loop (an
/// SDL event) when it has taps or wants pictures, and never touches the session itself.
public protocol TalkRemote: AnyObject, Sendable {
  /// What the phones show now: called after each turn that changed something, and each second.
  func observe(_ session: TalkSession, status: ConsoleStatus)
  /// The phones' taps since the last call, as the key presses of their commands.
  func takeInputs() -> [TalkInput]
  /// The slide pictures phones wait for.
  func takePictureRequests() -> [RemotePictureRequest]
  /// A picture drawn for `request`, as PNG.
  func deliver(_ png: [UInt8], for request: RemotePictureRequest)
  /// The deck was edited: pictures drawn before are stale.
  func forgetPictures()
  /// What the console shows for pairing a phone.
  var card: RemoteCard { get }
}

/// A slide drawn at a phone's size.
public struct RemotePictureRequest: Hashable, Sendable {
  /// 0-based.
  public var slide: Int
  public var step: Int
  public var width: Int

  public init(slide: Int, step: Int, width: Int) {
    self.slide = slide
    self.step = step
    self.width = width
  }
}

/// The console's pairing card: the QR code of the URL with the token, the URL to type and the
/// PIN (nil once a phone used it). Shift+R shows and hides it.
public struct RemoteCard: Hashable, Sendable {
  public var qrWidth: Int
  /// Row after row, true where the module is dark.
  public var modules: [Bool]
  public var address: String
  public var pin: String?

  public init(qrWidth: Int, modules: [Bool], address: String, pin: String?) {
    self.qrWidth = qrWidth
    self.modules = modules
    self.address = address
    self.pin = pin
  }

  /// The card in the notes' bottom right corner of a console of `size`: a white square with the code
  /// (with its quiet zone of 4 modules, which cameras need), and the address and PIN below.
  public func commands(
    size: PixelSize, family: String, measurer: any TextMeasurer
  ) -> [DrawCommand] {
    guard qrWidth > 0, modules.count == qrWidth * qrWidth else { return [] }
    let side = Double(min(size.width, size.height)) * 0.32
    let module = (side / Double(qrWidth + 8)).rounded(.down)
    guard module >= 1 else { return [] }
    let code = module * Double(qrWidth + 8)
    let textSize = max(12, code / 14)
    let lines = ["Phone: " + address, pin.map { "PIN \($0)" } ?? "Paired (Shift+R hides)"]
    let fonts = lines.map { _ in FontSpec(family: family, size: textSize, bold: true) }
    let widths = zip(lines, fonts).map { measurer.width(of: $0, font: $1) }
    let width = max(code, (widths.max() ?? 0) + 2 * textSize)
    let height = code + Double(lines.count) * textSize * 1.4 + textSize * 0.6
    let margin = Double(min(size.width, size.height)) * 0.02
    let x = Double(size.width) - width - margin
    // Above the console's bottom bar (the timers and the clock), in the notes' corner.
    let y = max(margin, Double(size.height) * 0.86 - height - margin)
    let white = RGBAColor(red: 255, green: 255, blue: 255)
    let black = RGBAColor(red: 0, green: 0, blue: 0)
    var commands: [DrawCommand] = [.fill(Rect(x: x, y: y, width: width, height: height), white)]
    let codeX = x + ((width - code) / 2).rounded(.down) + 4 * module
    for row in 0..<qrWidth {
      // A run of dark modules in a row is one rectangle: a few hundred fills, not thousands.
      var column = 0
      while column < qrWidth {
        guard modules[row * qrWidth + column] else {
          column += 1
          continue
        }
        let start = column
        while column < qrWidth, modules[row * qrWidth + column] { column += 1 }
        commands.append(
          .fill(
            Rect(
              x: codeX + Double(start) * module, y: y + 4 * module + Double(row) * module,
              width: Double(column - start) * module, height: module), black))
      }
    }
    for (index, line) in lines.enumerated() {
      let lineY = y + code + Double(index) * textSize * 1.4
      commands.append(
        .text(
          TextItem(
            text: line, font: fonts[index], color: black, x: x + (width - widths[index]) / 2,
            y: lineY, width: widths[index])))
    }
    return commands
  }
}
