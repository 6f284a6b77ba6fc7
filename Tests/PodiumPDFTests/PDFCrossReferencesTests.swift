import Foundation
import PodiumTestSupport
import Testing

@testable import PodiumPDF

@Suite struct PDFCrossReferencesTests {
  /// A PDF as cairo 1.16 writes one with a link: the table numbers an object (4) that the file
  /// never holds, its entry pointing at another object.
  static func pdf(missing: Bool) -> Data {
    var body = "%PDF-1.5\n"
    var offsets: [Int: Int] = [:]
    let objects: [(Int, String)] = [
      (1, "<< /Type /Catalog /Pages 2 0 R >>"),
      (2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
      (3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] >>"),
      (4, "<< >>"),
      (5, "[ 4 0 R ]"),
    ]
    for (number, object) in objects where !(missing && number == 4) {
      offsets[number] = body.utf8.count
      body += "\(number) 0 obj\n\(object)\nendobj\n"
    }
    // Unwritten, object 4's entry points at object 1, as cairo's did at another object.
    if missing { offsets[4] = offsets[1] }
    let start = body.utf8.count
    body += "xref\n0 6\n0000000000 65535 f \n"
    for number in 1...5 { body += String(format: "%010d 00000 n \n", offsets[number] ?? 0) }
    body += "trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n\(start)\n%%EOF\n"
    return Data(body.utf8)
  }

  @Test func anEntryPointingAtAnotherObjectIsFreedAndTheFileIsWhole() throws {
    let folder = try Fixtures.temporaryDirectory()
    let damaged = folder.appendingPathComponent("damaged.pdf").path
    try Self.pdf(missing: true).write(to: URL(fileURLWithPath: damaged))
    #expect(try PDFValidity.problems(ofPDFAt: damaged)?.contains("expected 4 0 obj") == true)
    #expect(try PDFCrossReferences.freeUnwrittenObjects(inFileAt: damaged) == [4])
    try PDFValidity.expectValid(damaged)
    let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: damaged)), as: UTF8.self)
    #expect(text.contains("0000000004 65535 f \n"), "object 0 heads the free list")
    #expect(text.contains("0000000000 00001 f \n"), "the freed object, its next generation")
  }

  @Test func aWholeFileIsLeftAsItIs() throws {
    let folder = try Fixtures.temporaryDirectory()
    let whole = folder.appendingPathComponent("whole.pdf").path
    let bytes = Self.pdf(missing: false)
    try bytes.write(to: URL(fileURLWithPath: whole))
    try PDFValidity.expectValid(whole)
    #expect(try PDFCrossReferences.freeUnwrittenObjects(inFileAt: whole) == [])
    #expect(try Data(contentsOf: URL(fileURLWithPath: whole)) == bytes)
  }

  @Test func aFileOfAnotherFormIsLeftAlone() throws {
    let folder = try Fixtures.temporaryDirectory()
    let other = folder.appendingPathComponent("other.pdf").path
    let bytes = Data("%PDF-1.7\nnot a table\nstartxref\n12\n%%EOF\n".utf8)
    try bytes.write(to: URL(fileURLWithPath: other))
    #expect(try PDFCrossReferences.freeUnwrittenObjects(inFileAt: other) == [])
    #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == bytes)
  }
}
