import Foundation
import PodiumCore
import PodiumTestSupport
import Testing

/// `page-cache:` in config.yaml: memory for a PDF's pages drawn ahead, beside `--page-cache`.
@Suite struct PageCacheConfigurationTests {
  @Test func aBudgetInMBOrAutoIsReadAndPrinted() throws {
    #expect(Configuration().pageCacheMB == nil)
    #expect(Configuration().printed.contains("\npage-cache: auto "))
    let (config, problems) = try Fixtures.configuration("page-cache: 96\n")
    #expect(problems.isEmpty, "\(problems)")
    #expect(config.pageCacheMB == 96)
    #expect(config.printed.contains("\npage-cache: 96\n"))
    #expect(try Fixtures.configuration("page-cache: auto\n").0.pageCacheMB == nil)
    #expect(try Fixtures.configuration("page-cache: 16\n").0.pageCacheMB == 16)
  }

  @Test func aBudgetOutOfRangeIsALocatedError() throws {
    for bad in ["8", "65537", "lots", "-1"] {
      let (config, problems) = try Fixtures.configuration("theme: dark\npage-cache: \(bad)\n")
      #expect(config.pageCacheMB == nil)
      #expect(
        problems.contains {
          $0.contains(":2:13: error: page-cache must be auto or a number of MB from 16 to 65536")
            && $0.contains("'\(bad)'")
        }, "\(problems)")
    }
    // A near miss of the key's name is a warning that names it.
    let (_, problems) = try Fixtures.configuration("page-cach: 64\n")
    #expect(problems.contains { $0.contains("did you mean 'page-cache'?") }, "\(problems)")
  }
}
