import Foundation
import Glibc
import PodiumTestSupport
import Testing

@testable import PodiumSDL

/// The OpenGL driver SDL 2's Wayland driver loads for every window (Mesa and LLVM) leaves the
/// resident set once a software window is made: only its code, which no one writes, and only
/// its files' mappings.
@Suite(.serialized) struct UnusedDriverPagesTests {
  /// Lines as `/proc/self/maps` has them on the Wayland rig, and others that must stay.
  static let maps = """
    7fad03000000-7fad0967c000 r-xp 00400000 fe:00 1234 /usr/lib/x86_64-linux-gnu/libLLVM-15.so.1
    7fad0977d000-7fad09f9b000 r--p 06a7d000 fe:00 1234 /usr/lib/x86_64-linux-gnu/libLLVM-15.so.1
    7fad0a290000-7fad0b2da000 r-xp 00090000 fe:00 99 /usr/lib/x86_64-linux-gnu/dri/swrast_dri.so
    7fad0b2da000-7fad0ba08000 r--p 010da000 fe:00 99 /usr/lib/x86_64-linux-gnu/dri/swrast_dri.so
    7fad0d44c000-7fad0d59e000 r-xp 00028000 fe:00 7 /usr/lib/x86_64-linux-gnu/libc.so.6
    7fad0d63a000-7fad0d758000 r-xp 0003a000 fe:00 8 /usr/lib/x86_64-linux-gnu/libSDL2-2.0.so.0
    5557b271d000-5557b281d000 rw-p 00000000 00:00 0 [heap]
    7fad0e000000-7fad0e7e9000 rw-s 00000000 00:01 5 /dev/shm/podium-wl-12-1 (deleted)
    """

  @Test func onlyTheDriversCodeIsChosen() {
    let chosen = UnusedDriverPages.driverCode(Self.maps)
    #expect(chosen.map(\.start) == [0x7fad_0300_0000, 0x7fad_0a29_0000])
    #expect(chosen.map(\.length) == [0x7fad_0967_c000 - 0x7fad_0300_0000, 0x104_a000])
    #expect(UnusedDriverPages.isDriver("/usr/lib/x86_64-linux-gnu/dri/kms_swrast_dri.so"))
    #expect(!UnusedDriverPages.isDriver("/usr/lib/x86_64-linux-gnu/libSDL2-2.0.so.0"))
  }

  /// The resident kilobytes of the mapping at `address`, from `/proc/self/smaps`.
  func residentKB(at address: UInt) throws -> Int? {
    let file = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
    defer { try? file.close() }
    let smaps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
    var inside = false
    for line in smaps.split(separator: "\n") {
      if let range = line.split(separator: " ").first, range.contains("-"),
        let start = UInt(range.split(separator: "-")[0], radix: 16)
      {
        inside = start == address
      } else if inside, line.hasPrefix("Rss:") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])
      }
    }
    return nil
  }

  /// A file of our own named like a driver, mapped as code and read whole, leaves the resident
  /// set, and reads the same afterwards (its pages come back from the file).
  @Test func aDriversCodeLeavesTheResidentSetAndStillReads() throws {
    let folder = try Fixtures.temporaryDirectory("podium-driver-pages")
    let path = folder.appendingPathComponent("podium_test_dri.so").path
    let size = 4 << 20
    let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 12) }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let fd = open(path, O_RDONLY)
    try #require(fd >= 0)
    defer { close(fd) }
    let mapped = mmap(nil, size, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0)
    let data = try #require(mapped == MAP_FAILED ? nil : mapped)
    defer { munmap(data, size) }
    let address = UInt(bitPattern: data)
    // One byte of each page read, and checked, brings every page in.
    let firstBytes = stride(from: 0, to: size, by: 4096).map {
      data.load(fromByteOffset: $0, as: UInt8.self)
    }
    #expect(firstBytes == stride(from: 0, to: size, by: 4096).map { bytes[$0] })
    let before = try #require(try residentKB(at: address))
    #expect(before >= 4096 * 9 / 10, "read whole: \(before) kB resident")

    #expect(UnusedDriverPages.handBack() >= 1)
    let after = try #require(try residentKB(at: address))
    #expect(after < 256, "\(after) kB still resident")
    let reread = UnsafeRawBufferPointer(start: data, count: size)
    #expect(reread.elementsEqual(bytes), "the pages read back from the file")
  }
}
