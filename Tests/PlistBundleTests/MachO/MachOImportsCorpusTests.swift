import Foundation
import TestSupport
import Testing

@testable import PlistBundle

/// The imports of real executables read in place from the shared corpus: universal files whose
/// slices bind through `LC_DYLD_INFO_ONLY` opcodes and keep a symbol table, so each table checks
/// the other. (The corpus holds no binary with chained fixups; the byte-built tests cover them.)
@Suite(.enabled(if: Corpus.isPresent, Corpus.absentComment))
struct MachOImportsCorpusTests {
  /// File, architecture, names in all, and the names the bind, lazy-bind and weak-bind opcodes
  /// bind (pinned from this reader; the symbol table is the check).
  static let cases: [(String, String, Int, Int, Int, Int)] = [
    ("wdiodemoapp.app/Frameworks/XCTest.framework/XCTest", "x86_64", 367, 160, 213, 0),
    ("wdiodemoapp.app/Frameworks/XCTest.framework/XCTest", "i386", 376, 159, 225, 0),
    (
      "wdiodemoapp.app/PlugIns/wdioDemoAppTests.xctest/wdioDemoAppTests", "x86_64", 596, 239,
      316, 47
    ),
    ("SaverApp.app/Frameworks/libswiftUIKit.dylib", "arm64", 111, 53, 60, 0),
    ("SaverApp.app/Frameworks/libswiftUIKit.dylib", "armv7", 113, 53, 62, 0),
  ]

  @Test(arguments: cases)
  func readsEveryTableOfARealSlice(
    path: String, architecture: String, total: Int, bind: Int, lazy: Int, weak: Int
  ) throws {
    let data = try Data(contentsOf: Corpus.directory.appendingPathComponent("bundles/" + path))
    let file = try MachOFile.parse(Array(data))
    let slice = try #require(file.slices.first { $0.architecture == architecture })
    let sources = slice.imports.sources
    #expect(slice.imports.problems.isEmpty)
    #expect(slice.importedSymbols.count == total)
    #expect(sources.values.filter { $0.contains(.bind) }.count == bind)
    #expect(sources.values.filter { $0.contains(.lazyBind) }.count == lazy)
    #expect(sources.values.filter { $0.contains(.weakBind) }.count == weak)
    #expect(sources["objc_msgSend"]?.contains(.symbolTable) == true)
    // A name bound or lazily bound is an undefined symbol of the symbol table too (weak binds
    // may name this image's own weak definitions, so they are left out).
    let onlyBound = sources.filter {
      !$0.value.isDisjoint(with: [.bind, .lazyBind]) && !$0.value.contains(.symbolTable)
    }
    #expect(onlyBound.isEmpty, "\(onlyBound.keys.sorted().prefix(5))")
  }
}
