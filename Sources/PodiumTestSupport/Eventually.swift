import Foundation

/// What `attempt` gives within `timeout` seconds, asked again every `every` seconds until it
/// gives something; an attempt that throws gives nothing yet. How end-to-end tests wait for a
/// talk running in another process: its trace, its windows, its pixels, its exit.
public func eventually<T>(
  timeout: Double, every: Double = 0.05, _ attempt: () throws -> T?
) -> T? {
  let deadline = Date().addingTimeInterval(timeout)
  while Date() < deadline {
    if let found = try? attempt() { return found }
    Thread.sleep(forTimeInterval: every)
  }
  return nil
}
