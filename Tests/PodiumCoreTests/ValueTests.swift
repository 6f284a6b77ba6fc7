import PodiumCore
import Testing

@Suite struct ValueTests {
  @Test(arguments: [
    ("25m", 1500), ("1h10m", 4200), ("90s", 90), ("1h 5m 30s", 3930), ("2H", 7200),
  ])
  func durationsParse(text: String, seconds: Int) {
    #expect(TalkDuration(parsing: text)?.seconds == seconds)
  }

  @Test(arguments: ["", "25", "m", "10m5h", "5m5m", "-3m", "0m", "soon", "1.5h"])
  func badDurationsAreRejected(text: String) {
    #expect(TalkDuration(parsing: text) == nil)
  }

  @Test func durationsPrintNormalised() {
    #expect(TalkDuration(seconds: 4200).description == "1h10m")
    #expect(TalkDuration(seconds: 90).description == "1m30s")
  }

  @Test func aspectRatios() {
    #expect(AspectRatio(parsing: "16:9") == AspectRatio(width: 16, height: 9))
    #expect(AspectRatio(parsing: "16:10") == AspectRatio(width: 16, height: 10))
    #expect(AspectRatio(parsing: "4:3")?.value == 4.0 / 3.0)
    #expect(AspectRatio(parsing: "1920x1080") == AspectRatio(width: 1920, height: 1080))
    for bad in ["wide", "16:0", "0:9", "16:9:1", "1:100", "x"] {
      #expect(AspectRatio(parsing: bad) == nil, "\(bad)")
    }
  }

  @Test func colours() {
    #expect(RGBAColor(hex: "#1b2b34") == RGBAColor(red: 0x1b, green: 0x2b, blue: 0x34))
    #expect(RGBAColor(hex: "#fff") == RGBAColor(red: 255, green: 255, blue: 255))
    #expect(RGBAColor(hex: "#00000080") == RGBAColor(red: 0, green: 0, blue: 0, alpha: 0x80))
    #expect(RGBAColor(hex: "#1b2b34")?.description == "#1b2b34")
    for bad in ["1b2b34", "#12", "#ggg", "#12345"] {
      #expect(RGBAColor(hex: bad) == nil, "\(bad)")
    }
  }
}
