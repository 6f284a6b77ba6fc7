import Foundation

/// An HTTP server on 127.0.0.1, on a port the system chose, for the tests of `podium fetch`:
/// Python's `http.server` serving a folder, with a few paths that misbehave on purpose.
/// `/stall/NAME` sends nothing for a minute; `/endless` sends bytes without a length until the
/// client stops; `/redirect/NAME` answers 302 to `/NAME`, `/redirect-file` to `file:///etc/passwd`;
/// `/loop` redirects to itself. Every
/// request's path is kept in order (`requests`). The server is stopped when the value goes.
public final class LoopbackServer {
  public let port: Int
  private let process: Process
  private let log: String

  /// Serves the files of `folder`.
  public init(serving folder: URL) throws {
    let script = try Fixtures.temporaryDirectory("podium-http").appendingPathComponent("serve.py")
    try Self.script.write(to: script, atomically: true, encoding: .utf8)
    log = folder.appendingPathComponent(".requests").path
    _ = FileManager.default.createFile(atPath: log, contents: nil)
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [script.path, folder.path, log]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    // The first line the server prints is its port.
    guard let port = Int(out.firstLine()) else {
      kill(process.processIdentifier, SIGKILL)
      throw CocoaError(.fileReadUnknown)
    }
    self.port = port
  }

  /// SIGKILL: the test runner's threads block SIGTERM, and a child inherits the mask.
  deinit {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// `http://127.0.0.1:PORT/path`.
  public func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

  /// The paths asked for so far, in order.
  public var requests: [String] {
    (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").map(String.init)
      ?? []
  }

  static let script = #"""
    import http.server, os, signal, sys, time

    # The test runner blocks signals in its threads, and a child inherits the mask.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    folder, log = sys.argv[1], sys.argv[2]

    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=folder, **kwargs)

        def log_message(self, *args):
            pass

        def do_GET(self):
            with open(log, "a") as f:
                f.write(self.path + "\n")
            if self.path.startswith("/stall/"):
                time.sleep(60)
                return
            if self.path == "/endless":
                self.send_response(200)
                self.send_header("Content-Type", "image/png")
                self.end_headers()
                try:
                    while True:
                        self.wfile.write(b"\x89PNG" + b"\0" * 65532)
                except OSError:
                    return
            if self.path.startswith("/redirect/"):
                self.send_response(302)
                self.send_header("Location", "/" + self.path[len("/redirect/"):])
                self.end_headers()
                return
            if self.path == "/redirect-file":
                self.send_response(302)
                self.send_header("Location", "file:///etc/passwd")
                self.end_headers()
                return
            if self.path == "/loop":
                self.send_response(302)
                self.send_header("Location", "/loop")
                self.end_headers()
                return
            super().do_GET()

    class Server(http.server.ThreadingHTTPServer):
        daemon_threads = True

    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """#
}
