/// Writes an edited tree back into the bytes it was read from, keeping every byte the edit did
/// not touch: comments, key order, indentation (tabs or spaces), line endings, entity spellings,
/// the prolog and whatever follows the root.
///
/// How it works: each node of the new tree that still carries the `SourceLocation` of a node of
/// the original tree is matched with that node (children are matched within their parent by
/// their start offset, so moves inside a container are followed). A scalar whose value is
/// unchanged is copied byte for byte; a changed scalar, or a node with no original, is written
/// in Apple's canonical form (`XMLPlistWriter.appendElement`) at the indentation of its
/// siblings. A container keeps its start and end tags and the text between its children: each
/// kept child brings the white space and comments that preceded it; a removed child takes its
/// own with it; a new child gets a line of its own indented like its siblings. Writing an
/// unedited tree gives back the original bytes exactly.
package enum XMLPreservingWriter {
  /// Writes `root`, an edited version of `original.root`, in the layout of `original`.
  ///
  /// - Parameters:
  ///   - root: the tree to write; nodes made in memory carry `SourceLocation.none`.
  ///   - original: the document as read (its `text` and `root` are the reference).
  /// - Returns: the bytes, in the original's text encoding (byte-order mark included).
  /// - Throws: `PlistError` of kind `.unsupported` or `.limitExceeded` from the canonical writer.
  package static func write(
    _ root: PlistNode, over original: PlistDocument
  ) throws(PlistError)
    -> [UInt8]
  {
    guard original.format == .xml, !original.text.isEmpty, original.root.location.hasRange else {
      return try XMLPlistWriter.write(root)
    }
    var writer = Splicer(text: original.text)
    var out: [UInt8] = []
    out.reserveCapacity(original.text.count + 256)
    let o = original.root.location
    out.append(contentsOf: original.text[0..<Int(o.start)])
    let same = root.location.start == o.start && root.location.end == o.end
    try writer.emit(root, original: same ? original.root : nil, indent: [], into: &out)
    out.append(contentsOf: original.text[Int(o.end)...])
    return (original.encoding ?? .utf8).encode(out)
  }
}

/// The splicing part of `XMLPreservingWriter`.
private struct Splicer {
  let text: [UInt8]
  /// The document's indentation unit (the white space of its first indented line) and line
  /// ending (its first line break).
  let unit: [UInt8]
  let newline: [UInt8]

  init(text: [UInt8]) {
    self.text = text
    newline = Splicer.firstNewline(text)
    unit = Splicer.firstIndent(text)
  }

  static func firstNewline(_ text: [UInt8]) -> [UInt8] {
    guard let i = text.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return [0x0A] }
    if text[i] == 0x0D { return i + 1 < text.count && text[i + 1] == 0x0A ? [0x0D, 0x0A] : [0x0D] }
    return [0x0A]
  }

  static func firstIndent(_ text: [UInt8]) -> [UInt8] {
    var i = 0
    while i < text.count {
      if text[i] == 0x0A || text[i] == 0x0D {
        var j = i + 1
        while j < text.count, text[j] == 0x0A || text[j] == 0x0D { j += 1 }
        var k = j
        while k < text.count, text[k] == 0x20 || text[k] == 0x09 { k += 1 }
        if k > j, k < text.count, text[k] == UInt8(ascii: "<") { return Array(text[j..<k]) }
        i = j
      } else {
        i += 1
      }
    }
    return [0x09]
  }

  func slice(_ from: UInt32, _ to: UInt32) -> ArraySlice<UInt8> { text[Int(from)..<Int(to)] }

  /// The white space after the last line break of `gap`, and whether it has a line break.
  static func indentation(of gap: ArraySlice<UInt8>) -> (indent: [UInt8], multiline: Bool) {
    guard let nl = gap.lastIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return ([], false) }
    let tail = gap[(nl + 1)...].prefix { $0 == 0x20 || $0 == 0x09 }
    return (Array(tail), true)
  }

  /// A container being written over its original: its children and the original's, the
  /// original children's byte ranges (and an index of them by start offset), where new
  /// children go, and the next child to write.
  private struct Frame {
    enum Children {
      case items([PlistNode], originals: [PlistNode])
      case entries([PlistEntry], originals: [PlistEntry])
    }
    let children: Children
    let count: Int
    let units: [(start: UInt32, end: UInt32)]
    let index: [UInt32: Int]
    let layout: (separator: [UInt8], indent: [UInt8])
    let container: SourceLocation
    var next = 0
  }

  /// A node to write, where its original (if any) stood, at the line indentation `indent`.
  private typealias Pending = (node: PlistNode, original: PlistNode?, indent: [UInt8])

  /// Writes `node` where its original (if any) stood.
  ///
  /// `indent` is the indentation of the line the node starts on, for new lines inside a
  /// canonical fragment. Containers still being written are kept on an explicit stack (no
  /// recursion), so a document nested as deep as `PlistLimits.maxDepth` needs no stack of its
  /// own.
  mutating func emit(
    _ node: PlistNode, original: PlistNode?, indent: [UInt8], into out: inout [UInt8]
  ) throws(PlistError) {
    var stack: [Frame] = []
    var pending: Pending? = (node, original, indent)
    while true {
      if let (node, original, indent) = pending {
        pending = nil
        if let frame = try begin(node, original: original, indent: indent, into: &out) {
          stack.append(frame)
        }
      }
      guard let top = stack.indices.last else { return }
      let i = stack[top].next
      guard i < stack[top].count else {
        let frame = stack.removeLast()
        out.append(contentsOf: slice(frame.units[frame.units.count - 1].end, frame.container.end))
        continue
      }
      stack[top].next += 1
      pending = try child(i, of: stack[top], into: &out)
    }
  }

  /// Writes `node` if it holds no original children to follow; otherwise writes the start of
  /// its original container and returns the frame for its children.
  private func begin(
    _ node: PlistNode, original: PlistNode?, indent: [UInt8], into out: inout [UInt8]
  ) throws(PlistError) -> Frame? {
    guard let original, original.value.kind == node.value.kind else {
      try canonical(node, indent: indent, into: &out)
      return nil
    }
    let o = original.location
    switch (node.value, original.value) {
    case (.array(let items), .array(let originals)):
      if items.isEmpty && originals.isEmpty {
        out.append(contentsOf: slice(o.start, o.end))
        return nil
      }
      guard !originals.isEmpty, o.contentStart > o.start else {
        try canonical(node, indent: indent, into: &out)
        return nil
      }
      let units = originals.map { (start: $0.location.start, end: $0.location.end) }
      out.append(contentsOf: slice(o.start, o.contentStart))
      return frame(.items(items, originals: originals), count: items.count, units, o)
    case (.dictionary(let dict), .dictionary(let originalDict)):
      let originals = originalDict.entries
      if dict.isEmpty && originals.isEmpty {
        out.append(contentsOf: slice(o.start, o.end))
        return nil
      }
      guard !originals.isEmpty, o.contentStart > o.start else {
        try canonical(node, indent: indent, into: &out)
        return nil
      }
      let units = originals.map { (start: $0.keyLocation.start, end: $0.node.location.end) }
      out.append(contentsOf: slice(o.start, o.contentStart))
      return frame(.entries(dict.entries, originals: originals), count: dict.count, units, o)
    default:
      if node.value == original.value {
        out.append(contentsOf: slice(o.start, o.end))
      } else {
        try canonical(node, indent: indent, into: &out)
      }
      return nil
    }
  }

  /// The frame of a container whose original children span `units`.
  private func frame(
    _ children: Frame.Children, count: Int, _ units: [(start: UInt32, end: UInt32)],
    _ container: SourceLocation
  ) -> Frame {
    let index = Dictionary(
      units.enumerated().map { ($1.start, $0) }, uniquingKeysWith: { a, _ in a })
    return Frame(
      children: children, count: count, units: units, index: index,
      layout: childLayout(units, container: container), container: container)
  }

  /// Writes what comes before child `i` of `frame` (and the child itself when it has no
  /// original); returns the child to write over its original, if it has one.
  private func child(
    _ i: Int, of frame: Frame, into out: inout [UInt8]
  ) throws(PlistError) -> Pending? {
    let o = frame.container
    switch frame.children {
    case .items(let items, let originals):
      let item = items[i]
      if item.location.hasRange, let k = frame.index[item.location.start] {
        out.append(contentsOf: leading(k, frame.units, container: o))
        return (item, originals[k], frame.layout.indent)
      }
      out.append(contentsOf: frame.layout.separator)
      try canonical(item, indent: frame.layout.indent, into: &out)
      return nil
    case .entries(let entries, let originals):
      let entry = entries[i]
      if entry.keyLocation.hasRange, let k = frame.index[entry.keyLocation.start] {
        let was = originals[k]
        out.append(contentsOf: leading(k, frame.units, container: o))
        if entry.key == was.key {
          out.append(contentsOf: slice(was.keyLocation.start, was.keyLocation.end))
        } else {
          Splicer.appendKey(entry.key, into: &out)
        }
        out.append(contentsOf: slice(was.keyLocation.end, was.node.location.start))
        let sameNode =
          entry.node.location.start == was.node.location.start
          && entry.node.location.end == was.node.location.end
        return (entry.node, sameNode ? was.node : nil, frame.layout.indent)
      }
      out.append(contentsOf: frame.layout.separator)
      Splicer.appendKey(entry.key, into: &out)
      out.append(contentsOf: frame.layout.separator)
      try canonical(entry.node, indent: frame.layout.indent, into: &out)
      return nil
    }
  }

  /// The text before original child `k`: from the end of the previous child (or the start tag)
  /// to its start.
  func leading(
    _ k: Int, _ units: [(start: UInt32, end: UInt32)], container: SourceLocation
  )
    -> ArraySlice<UInt8>
  {
    let from = k == 0 ? container.contentStart : units[k - 1].end
    return slice(from, max(from, units[k].start))
  }

  /// How a new child is placed among its siblings: the separator written before it (a line
  /// break and the siblings' indentation, or nothing when the container is on one line) and
  /// that indentation.
  func childLayout(
    _ units: [(start: UInt32, end: UInt32)], container: SourceLocation
  )
    -> (separator: [UInt8], indent: [UInt8])
  {
    let first = leading(0, units, container: container)
    let (indent, multiline) = Splicer.indentation(of: first)
    return multiline ? (newline + indent, indent) : ([], indent)
  }

  /// Writes `node` in Apple's canonical form; its inner lines are indented from `indent`.
  func canonical(_ node: PlistNode, indent: [UInt8], into out: inout [UInt8]) throws(PlistError) {
    var fragment: [UInt8] = []
    let depth = Splicer.repeats(of: unit, in: indent)
    try XMLPlistWriter.appendElement(node, depth: depth ?? 0, indentUnit: unit, into: &fragment)
    if depth != nil, newline == [0x0A] {
      out.append(contentsOf: fragment)
      return
    }
    // Re-indent from `indent` (mixed indentation) and use the document's line ending, for the
    // line breaks between tags only: a line break inside the text of a string or key is part of
    // its value. Text escapes `<` and `>`, so a raw `<` always starts a tag and the text of a
    // string or key runs from the `>` of its start tag to the next `<`.
    var inText = false
    var tagStart: Int?
    for (i, b) in fragment.enumerated() {
      if b == 0x3C {
        inText = false
        tagStart = i
      }
      if b == 0x0A && !inText {
        out.append(contentsOf: newline)
        if depth == nil { out.append(contentsOf: indent) }
      } else {
        out.append(b)
      }
      if b == 0x3E, let start = tagStart {
        let tag = fragment[start...i]
        inText = tag.elementsEqual(Splicer.stringTag) || tag.elementsEqual(Splicer.keyTag)
        tagStart = nil
      }
    }
  }

  static let stringTag = Array("<string>".utf8)
  static let keyTag = Array("<key>".utf8)

  /// Appends `<key>text</key>` with the text escaped.
  static func appendKey(_ key: String, into out: inout [UInt8]) {
    out.append(contentsOf: Array("<key>".utf8))
    XMLEscaping.appendEscaped(key, into: &out)
    out.append(contentsOf: Array("</key>".utf8))
  }

  /// How many times `unit` repeats to make `indent` exactly, or nil.
  static func repeats(of unit: [UInt8], in indent: [UInt8]) -> Int? {
    if indent.isEmpty { return 0 }
    guard !unit.isEmpty, indent.count % unit.count == 0 else { return nil }
    let n = indent.count / unit.count
    for i in 0..<n where Array(indent[(i * unit.count)..<((i + 1) * unit.count)]) != unit {
      return nil
    }
    return n
  }
}
