import Foundation
import TestSupport
import Testing

@testable import PlistCore

/// The lines that differ between two texts, as one contiguous changed region (enough for a
/// single edit): how many lines it removes and how many it adds.
func changedLines(_ before: [UInt8], _ after: [UInt8]) -> (removed: [String], added: [String]) {
  let a = String(decoding: before, as: UTF8.self).split(
    separator: "\n", omittingEmptySubsequences: false)
  let b = String(decoding: after, as: UTF8.self).split(
    separator: "\n", omittingEmptySubsequences: false)
  var prefix = 0
  while prefix < min(a.count, b.count), a[prefix] == b[prefix] { prefix += 1 }
  var suffix = 0
  while suffix < min(a.count, b.count) - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix]
  {
    suffix += 1
  }
  return (
    a[prefix..<(a.count - suffix)].map(String.init), b[prefix..<(b.count - suffix)].map(String.init)
  )
}

@Suite struct XMLPreservingWriterTests {
  static let sample = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <!-- kept comment -->
    <plist version="1.0">
    <dict>
        <key>CFBundleName</key>   <!-- odd spacing kept -->
        <string>App &amp; Co</string>
        <key>UISupportedInterfaceOrientations</key>
        <array>
            <string>UIInterfaceOrientationPortrait</string>
        </array>
        <!-- about the version -->
        <key>CFBundleVersion</key>
        <string>12</string>
    </dict>
    </plist>

    """

  func edit(
    _ text: String, _ change: (inout PlistNode) -> Void
  ) throws -> (String, [String], [String]) {
    let doc = try readXML(text)
    var root = doc.root
    change(&root)
    let out = try XMLPreservingWriter.write(root, over: doc)
    let diff = changedLines(Array(text.utf8), out)
    // Whatever we write must read back to the edited tree.
    #expect(try PlistReader.read(Data(out)).root == root)
    return (String(decoding: out, as: UTF8.self), diff.removed, diff.added)
  }

  @Test func writesAnUneditedDocumentBackByteForByte() throws {
    let (_, removed, added) = try edit(Self.sample) { _ in }
    #expect(removed.isEmpty && added.isEmpty)
  }

  @Test func settingAValueChangesOnlyItsLine() throws {
    let (_, removed, added) = try edit(Self.sample) { root in
      guard case .dictionary(var d) = root.value else { return }
      d.entries[2].node.value = .string("13")
      root.value = .dictionary(d)
    }
    #expect(removed == ["    <string>12</string>"])
    #expect(added == ["    <string>13</string>"])
  }

  @Test func renamingAKeyKeepsTheCommentAfterIt() throws {
    let (_, removed, added) = try edit(Self.sample) { root in
      guard case .dictionary(var d) = root.value else { return }
      d.entries[0].key = "CFBundleDisplayName"
      root.value = .dictionary(d)
    }
    #expect(removed == ["    <key>CFBundleName</key>   <!-- odd spacing kept -->"])
    #expect(added == ["    <key>CFBundleDisplayName</key>   <!-- odd spacing kept -->"])
  }

  @Test func insertingTakesTheSiblingsIndentation() throws {
    let (_, removed, added) = try edit(Self.sample) { root in
      guard case .dictionary(var d) = root.value, case .array(var items) = d.entries[1].node.value
      else { return }
      items.append(PlistNode(.string("UIInterfaceOrientationLandscapeLeft")))
      d.entries[1].node.value = .array(items)
      d.entries.append(PlistEntry(key: "LSRequiresIPhoneOS", node: PlistNode(.boolean(true))))
      d.entries.append(
        PlistEntry(
          key: "Nested",
          node: PlistNode(
            .dictionary(
              PlistDictionary([
                PlistEntry(key: "a", node: PlistNode(.integer(PlistInteger(1))))
              ])))))
      root.value = .dictionary(d)
    }
    // Two separate insertions: the changed region spans from the first to the second.
    #expect(
      removed == [
        "    </array>", "    <!-- about the version -->", "    <key>CFBundleVersion</key>",
        "    <string>12</string>",
      ])
    #expect(
      added == [
        "        <string>UIInterfaceOrientationLandscapeLeft</string>",
        "    </array>", "    <!-- about the version -->", "    <key>CFBundleVersion</key>",
        "    <string>12</string>",
        "    <key>LSRequiresIPhoneOS</key>", "    <true/>",
        "    <key>Nested</key>", "    <dict>", "        <key>a</key>",
        "        <integer>1</integer>",
        "    </dict>",
      ])
  }

  @Test func removingAnEntryTakesItsLeadingCommentAndLines() throws {
    let (_, removed, added) = try edit(Self.sample) { root in
      guard case .dictionary(var d) = root.value else { return }
      d.entries.remove(at: 2)
      root.value = .dictionary(d)
    }
    #expect(
      removed == [
        "    <!-- about the version -->", "    <key>CFBundleVersion</key>",
        "    <string>12</string>",
      ])
    #expect(added.isEmpty)
  }

  @Test func keepsCRLFAndTabsForNewLines() throws {
    let text =
      "<plist version=\"1.0\">\r\n<dict>\r\n\t<key>A</key>\r\n\t<string>a</string>\r\n</dict>\r\n</plist>\r\n"
    let doc = try readXML(text)
    var root = doc.root
    root.value = .dictionary(
      PlistDictionary(
        doc.root.value.dictionaryValue!.entries + [
          PlistEntry(key: "B", node: PlistNode(.array([PlistNode(.string("b"))])))
        ]))
    let out = String(decoding: try XMLPreservingWriter.write(root, over: doc), as: UTF8.self)
    #expect(
      out == "<plist version=\"1.0\">\r\n<dict>\r\n\t<key>A</key>\r\n\t<string>a</string>\r\n"
        + "\t<key>B</key>\r\n\t<array>\r\n\t\t<string>b</string>\r\n\t</array>\r\n</dict>\r\n</plist>\r\n"
    )
  }

  @Test func movingAnEntryMovesItsLines() throws {
    let (out, _, _) = try edit(Self.sample) { root in
      guard case .dictionary(var d) = root.value else { return }
      d.entries.swapAt(0, 2)
      root.value = .dictionary(d)
    }
    #expect(out.contains("<dict>\n    <!-- about the version -->\n    <key>CFBundleVersion</key>"))
  }

  @Test func writesBackInTheOriginalEncoding() throws {
    let text = "<plist><dict><key>k</key><string>é</string></dict></plist>"
    var le: [UInt8] = [0xFF, 0xFE]
    for u in text.utf16 { le += [UInt8(u & 0xFF), UInt8(u >> 8)] }
    let doc = try PlistReader.read(Data(le))
    #expect(try XMLPreservingWriter.write(doc.root, over: doc) == le)
  }

  static let corpusXML = XMLCorpusTests.xmlEntries.filter {
    !XMLCorpusTests.mustFail($0) && !$0.note.hasPrefix("FUZZ")
  }

  @Test(.enabled(if: Corpus.isPresent, Corpus.absentComment), arguments: corpusXML)
  func writesEveryCorpusFileBackByteForByte(entry: Corpus.Entry) throws {
    let data = try entry.data()
    let doc = try PlistReader.read(data, file: entry.path)
    #expect(try XMLPreservingWriter.write(doc.root, over: doc) == Array(data))
  }

  @Test(.enabled(if: Corpus.isPresent, Corpus.absentComment), arguments: corpusXML)
  func oneEditChangesOnlyTheEditedLines(entry: Corpus.Entry) throws {
    let data = try entry.data()
    let doc = try PlistReader.read(data, file: entry.path)
    guard case .dictionary(let original) = doc.root.value, let first = original.entries.first,
      doc.encoding == .utf8, first.keyLocation.line != first.node.location.line
    else { return }  // Only multi-line UTF-8 dictionaries have a line-level expectation.
    let lines = String(decoding: data, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    // Rename the first key: exactly its line changes.
    var renamed = original
    renamed.entries[0].key = first.key + "X"
    var root = doc.root
    root.value = .dictionary(renamed)
    var diff = changedLines(Array(data), try XMLPreservingWriter.write(root, over: doc))
    #expect(diff.removed == [String(lines[Int(first.keyLocation.line) - 1])])
    #expect(diff.added.count == 1)
    // Insert a key at the end: exactly two new lines, nothing else changes.
    var inserted = original
    inserted.entries.append(PlistEntry(key: "InfoscopeTest", node: PlistNode(.string("v"))))
    root.value = .dictionary(inserted)
    diff = changedLines(Array(data), try XMLPreservingWriter.write(root, over: doc))
    #expect(
      diff.added.filter { !diff.removed.contains($0) }.map {
        $0.trimmingCharacters(in: .whitespaces)
      }
        == ["<key>InfoscopeTest</key>", "<string>v</string>"])
    // Remove the last entry: only its lines go.
    var removed = original
    let last = removed.entries.removeLast()
    root.value = .dictionary(removed)
    let out = try XMLPreservingWriter.write(root, over: doc)
    diff = changedLines(Array(data), out)
    #expect(diff.added.isEmpty)
    let keyLine = Int(last.keyLocation.line)
    let endLine =
      keyLine
      + data[Int(last.keyLocation.start)..<Int(last.node.location.end)]
      .filter { $0 == 0x0A }.count
    let entryLines = lines[(keyLine - 1)..<endLine].map(String.init)
    #expect(Array(diff.removed.suffix(entryLines.count)) == entryLines, "\(entry.path)")
    // Anything else removed is the blank lines or comments that led up to the entry.
    #expect(
      diff.removed.dropLast(entryLines.count).allSatisfy {
        let t = $0.trimmingCharacters(in: .whitespaces)
        return t.isEmpty || (t.hasPrefix("<!--") && t.hasSuffix("-->"))
      })
    #expect(try PlistReader.read(Data(out)).root == root)
  }
}
