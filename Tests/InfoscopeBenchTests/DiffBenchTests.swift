import Foundation
import PlistCore
import PlistRules
import Testing

import struct TestSupport.TemporaryFolder

@testable import infoscope_bench

/// The comparison row's NEW document: the edits it makes are the changes the comparison finds.
@Suite struct DiffBenchTests {
  @Test func theEditedDocumentDiffersByItsEditsAndNotByItsKeyOrder() throws {
    let path = TemporaryFolder.uniqueURL("bench-test", suffix: "-diff.xml").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try PlistGenerator.generate(nodes: 3_000, to: path)
    let old = try PlistReader.read(bytes: try PlistReader.readFile(path)).root
    let new = DiffBench.edited(old)
    let changes = ValueDiff.changes(old: old, new: new)
    let bundles = old.value.dictionaryValue?["InfoscopeEmbeddedBundles"]?.value.arrayValue ?? []
    #expect(bundles.count > 20)
    let paths = changes.map(\.path.description)
    #expect(paths.contains("CFBundleVersion"))
    // The bundle moved first: its identifier changed, the rest of it is the same.
    #expect(paths.contains("InfoscopeEmbeddedBundles[0].CFBundleIdentifier"))
    // Every 50th bundle has one value changed, found at its new index.
    let edited = Array(stride(from: 0, to: bundles.count - 1, by: 50)).count
    #expect(
      changes.filter { $0.path.description.hasPrefix("InfoscopeEmbeddedBundles[") }.count == edited
        + 1)
    #expect(changes.count == edited + 2)
  }
}
