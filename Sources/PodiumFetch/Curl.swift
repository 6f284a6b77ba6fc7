import CCurl
import Foundation
import PodiumCore

/// One libcurl easy handle: GETs over http and https only, with a limit on the bytes taken, the
/// time taken and the redirects followed. The one file that imports libcurl; `podium fetch`
/// calls it before a talk, never the talk's loop. The corresponding C functions are
/// `curl_easy_init`, `curl_easy_setopt`, `curl_easy_perform`, `curl_easy_getinfo` and
/// `curl_easy_cleanup` (in `deinit`).
public final class CurlTransfer {
  public struct Limits: Sendable {
    /// The most bytes a body may have: a larger one is stopped as soon as it is known to be.
    public var maximumBytes: Int
    /// The whole transfer, connecting and redirects included, in seconds.
    public var timeout: Double
    public var maximumRedirects: Int

    public init(maximumBytes: Int = 32 << 20, timeout: Double = 20, maximumRedirects: Int = 5) {
      self.maximumBytes = maximumBytes
      self.timeout = timeout
      self.maximumRedirects = maximumRedirects
    }
  }

  public struct Response: Sendable {
    public var status: Int
    public var body: [UInt8]
    /// What the server says the body is; reported, never trusted.
    public var contentType: String?
  }

  /// Why a transfer gave no body, in words for the speaker.
  public enum Failure: Error, Equatable, CustomStringConvertible {
    case notHTTP
    case status(Int)
    case timedOut(seconds: Double)
    case tooLarge(limit: Int)
    case tooManyRedirects(Int)
    case failed(String)

    public var description: String {
      switch self {
      case .notHTTP: return "only http and https addresses are fetched"
      case .status(let code): return "HTTP \(code)"
      case .timedOut(let seconds): return "timed out after \(format(seconds)) s"
      case .tooLarge(let limit): return "too large (over \(limit >> 20) MB)"
      case .tooManyRedirects(let count): return "more than \(count) redirects"
      case .failed(let reason): return reason
      }
    }

    private func format(_ seconds: Double) -> String {
      seconds == seconds.rounded() ? "\(Int(seconds))" : "\(seconds)"
    }
  }

  private static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

  private let handle: UnsafeMutableRawPointer
  /// libcurl's words for the last failure (`CURLOPT_ERRORBUFFER`), owned here.
  private let errorBuffer: UnsafeMutablePointer<CChar>

  public init?() {
    guard Self.initialized, let handle = curl_easy_init() else { return nil }
    self.handle = handle
    errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
  }

  deinit {
    curl_easy_cleanup(handle)
    errorBuffer.deallocate()
  }

  /// GETs `url` within `limits`. The server's status must be 2xx.
  public func get(_ url: String, limits: Limits = Limits()) -> Result<Response, Failure> {
    guard RemoteImageCache.isRemote(url) else { return .failure(.notHTTP) }
    curl_easy_reset(handle)
    errorBuffer[0] = 0
    let sink = CurlSink(limit: limits.maximumBytes)
    let context = Unmanaged.passRetained(sink)
    defer { context.release() }
    let timeout = max(1, Int(limits.timeout * 1000))
    var code = podium_curl_set_string(handle, CURLOPT_URL, url)
    for (option, value) in [
      (CURLOPT_NOSIGNAL, 1), (CURLOPT_FOLLOWLOCATION, 1),
      (CURLOPT_MAXREDIRS, limits.maximumRedirects), (CURLOPT_TIMEOUT_MS, timeout),
      (CURLOPT_CONNECTTIMEOUT_MS, min(timeout, 10_000)),
    ] where code == CURLE_OK {
      code = podium_curl_set_long(handle, option, value)
    }
    for (option, value) in [
      (CURLOPT_PROTOCOLS_STR, "http,https"), (CURLOPT_REDIR_PROTOCOLS_STR, "http,https"),
      (CURLOPT_USERAGENT, "Podium/\(PodiumVersion.current) (podium fetch)"),
      (CURLOPT_ACCEPT_ENCODING, ""),
    ] where code == CURLE_OK {
      code = podium_curl_set_string(handle, option, value)
    }
    if code == CURLE_OK {
      code = podium_curl_set_offset(
        handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limits.maximumBytes))
    }
    if code == CURLE_OK { code = podium_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer) }
    if code == CURLE_OK {
      code = podium_curl_set_pointer(handle, CURLOPT_WRITEDATA, context.toOpaque())
    }
    if code == CURLE_OK { code = podium_curl_set_write_function(handle, writeBody) }
    guard code == CURLE_OK else {
      return .failure(.failed(message(code, call: "curl_easy_setopt")))
    }

    let result = curl_easy_perform(handle)
    switch result {
    case CURLE_OK: break
    case CURLE_OPERATION_TIMEDOUT: return .failure(.timedOut(seconds: limits.timeout))
    case CURLE_FILESIZE_EXCEEDED: return .failure(.tooLarge(limit: limits.maximumBytes))
    case CURLE_WRITE_ERROR where sink.overflowed:
      return .failure(.tooLarge(limit: limits.maximumBytes))
    case CURLE_TOO_MANY_REDIRECTS: return .failure(.tooManyRedirects(limits.maximumRedirects))
    case CURLE_UNSUPPORTED_PROTOCOL: return .failure(.notHTTP)
    default: return .failure(.failed(message(result, call: "curl_easy_perform")))
    }
    var status = 0
    _ = podium_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
    guard (200..<300).contains(status) else { return .failure(.status(status)) }
    var type: UnsafeMutablePointer<CChar>?
    _ = podium_curl_get_string(handle, CURLINFO_CONTENT_TYPE, &type)
    return .success(
      Response(status: status, body: sink.body, contentType: type.map { String(cString: $0) }))
  }

  /// libcurl's own words for a failure: its error buffer, or else `curl_easy_strerror`.
  private func message(_ code: CURLcode, call: String) -> String {
    let detail = String(cString: errorBuffer)
    return detail.isEmpty ? "\(call): \(String(cString: curl_easy_strerror(code)))" : detail
  }
}

/// What the write callback fills: the body, and whether it outgrew the limit.
private final class CurlSink {
  var body: [UInt8] = []
  let limit: Int
  var overflowed = false

  init(limit: Int) {
    self.limit = limit
  }
}

/// libcurl's write callback: appends to the `CurlSink` behind `user`, or stops the transfer (by
/// taking fewer bytes than given) once the body outgrows its limit, which a server that sends
/// no length, or a false one, would otherwise pass.
private func writeBody(
  _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ user: UnsafeMutableRawPointer?
) -> Int {
  guard let user else { return 0 }
  let sink = Unmanaged<CurlSink>.fromOpaque(user).takeUnretainedValue()
  let length = size * count
  guard sink.body.count + length <= sink.limit else {
    sink.overflowed = true
    return 0
  }
  if let data, length > 0 {
    data.withMemoryRebound(to: UInt8.self, capacity: length) {
      sink.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
    }
  }
  return length
}
