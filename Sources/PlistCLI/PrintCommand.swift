import Foundation
import PlistBundle
import PlistCore

/// `infoscope print FILE [KEYPATH]`: the tree with its types, in source order.
///
/// The layout, one node a line, two spaces of indentation per level (up to
/// `PlistLimits.maxIndentLevels` levels):
/// ```
/// dictionary (3 entries)
///   CFBundleIdentifier: string "com.example.app"
///   CFBundleURLTypes: array (1 item)
///     [0]: dictionary (1 entry)
///       CFBundleURLSchemes: array (1 item)
///         [0]: string "example"
///   "com.apple.security.app-sandbox": boolean true
/// ```
/// - Each line is `label: type value`; the root has no label, or the key path it was selected
///   by. Keys are spelled as key-path components (quoted when they hold dots, brackets, quotes
///   or edge spaces) so a line's key can be pasted into a key path; array items are `[i]`.
/// - Containers show their count: `(n entries)` for dictionaries, `(n items)` for arrays.
/// - Strings are quoted, with `\"`, `\\`, `\n`, `\r`, `\t` and `\u{…}` for other control
///   characters; integers in decimal; reals in the shortest form that reads back the same
///   (`nan`, `+infinity`, `-infinity` as in XML); dates in ISO 8601 UTC; data as its size and
///   the first 16 bytes in hex (`data 20 bytes <89504e47 0d0a1a0a 0000000d 49484452 …>`); UIDs
///   as their number.
/// - A key that occurs again later in the same dictionary is marked
///   `(duplicate key, overridden below)`: lookup answers with the last one.
package enum PrintCommand {
  /// Runs the command: reads the input, selects the key path, writes the tree to standard
  /// output.
  ///
  /// - Returns: `.success`; `.noInput` when the input cannot be read or parsed; `.notFound`
  ///   when the key path names nothing; `.cannotCreate` when standard output refuses the text.
  static func run(_ options: PrintOptions, context: CLI.Context) -> ExitStatus {
    let loaded: PlistDocument?
    if options.input != "-", options.file != nil || BundleLoader.opensAsContainer(options.input) {
      loaded = BundleInput.document(options.input, file: options.file, context: context)
    } else {
      loaded = context.readInput(options.input)
    }
    guard let document = loaded else { return .noInput }
    FinishedTrees.keep(document.root)
    var node = document.root
    var label: String?
    if let path = options.keyPath, !path.isRoot {
      guard let selected = document.root.node(at: path) else {
        let why = document.root.explainMissing(path) ?? "it names nothing"
        context.console.write(
          "\(CLI.displayName(options.input)): error: nothing at key path '\(path)': \(why)\n",
          to: .error)
        return .notFound
      }
      node = selected
      label = path.description
    }
    // The rendering has escaped every piece of file text already: written as it is, without
    // `Console.write`'s pass over whole lines, which cost as much as rendering (the test
    // `printedTextNeedsNoSecondEscape` holds that the pass would change nothing).
    guard context.console.writeData(renderBytes(node, label: label), to: .output) else {
      context.console.write("infoscope: error: cannot write to standard output\n", to: .error)
      return .cannotCreate
    }
    return .success
  }

  /// The printed tree of `node`, ending in a newline.
  ///
  /// - Parameters:
  ///   - node: the root of what to print.
  ///   - label: the first line's label (a key path), or nil for none.
  /// - Returns: one line per node, indented two spaces per level, at most
  ///   `PlistLimits.maxIndentLevels` levels (deeper lines are indented as that level).
  package static func render(_ node: PlistNode, label: String? = nil) -> String {
    String(decoding: renderBytes(node, label: label), as: UTF8.self)
  }

  /// `render(_:label:)` as UTF-8 bytes, written into one buffer.
  ///
  /// Text from the file (keys, strings, the label) is escaped piece by piece
  /// (`VisibleEscaping.line`); printable ASCII, nearly all of it, is copied as it is.
  static func renderBytes(_ node: PlistNode, label: String?) -> [UInt8] {
    /// A container whose children are being printed.
    struct Frame {
      enum Children {
        case items([PlistNode])
        /// The entries, and for a dictionary with a repeated key, the index of each key's
        /// last entry (the one lookup answers with).
        case entries([PlistEntry], lastIndex: [LiteralKey: Int]?)
      }
      let children: Children
      let count: Int
      var next = 0
    }
    enum Label {
      case none
      case text(String)
      case key(String)
      case index(Int)
    }
    let indentation = [UInt8](repeating: 0x20, count: 2 * PlistLimits.maxIndentLevels)
    var out: [UInt8] = []
    var stack: [Frame] = []
    var pending: (node: PlistNode, label: Label, duplicate: Bool)? =
      (node, label.map(Label.text) ?? .none, false)
    while true {
      if let (node, label, duplicate) = pending {
        pending = nil
        let depth = stack.count
        out.append(contentsOf: indentation.prefix(2 * min(depth, PlistLimits.maxIndentLevels)))
        switch label {
        case .none: break
        case .text(let text): appendVisible(text, into: &out)
        case .key(let key): appendVisible(KeyPath.componentText(key), into: &out)
        case .index(let i):
          out.append(UInt8(ascii: "["))
          XMLPlistWriter.appendDecimal(UInt64(i), into: &out)
          out.append(UInt8(ascii: "]"))
        }
        if case .none = label {} else { out.append(contentsOf: ": ".utf8) }
        appendSummary(node.value, into: &out)
        if duplicate { out.append(contentsOf: "  (duplicate key, overridden below)".utf8) }
        out.append(0x0A)
        if depth >= PlistLimits.maxDepth, node.value.childCount ?? 0 > 0 {
          out.append(
            contentsOf: indentation.prefix(2 * min(depth + 1, PlistLimits.maxIndentLevels)))
          out.append(contentsOf: "… (nested too deep to print)\n".utf8)
        } else if case .array(let items) = node.value, !items.isEmpty {
          stack.append(Frame(children: .items(items), count: items.count))
        } else if case .dictionary(let dictionary) = node.value, !dictionary.isEmpty {
          var lastIndex: [LiteralKey: Int]?
          if dictionary.hasDuplicateKeys {
            var table: [LiteralKey: Int] = [:]
            for (i, entry) in dictionary.entries.enumerated() { table[LiteralKey(entry.key)] = i }
            lastIndex = table
          }
          stack.append(
            Frame(
              children: .entries(dictionary.entries, lastIndex: lastIndex),
              count: dictionary.count))
        }
      }
      guard let top = stack.indices.last else { return out }
      let i = stack[top].next
      guard i < stack[top].count else {
        stack.removeLast()
        continue
      }
      stack[top].next += 1
      switch stack[top].children {
      case .items(let items):
        pending = (items[i], .index(i), false)
      case .entries(let entries, let lastIndex):
        let entry = entries[i]
        let duplicate = lastIndex.map { $0[LiteralKey(entry.key)] != i } ?? false
        pending = (entry.node, .key(entry.key), duplicate)
      }
    }
  }

  /// Appends text from a file on one line, escaped by the one rule (`VisibleEscaping.line`,
  /// which hands plain text back as it is).
  private static func appendVisible(_ text: String, into out: inout [UInt8]) {
    out.append(contentsOf: VisibleEscaping.line(text).utf8)
  }

  /// True when every byte of `text` is printable ASCII (nothing the one rule escapes).
  private static func isPrintableASCII(_ text: String) -> Bool {
    text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
  }

  /// Appends `summary(value)`.
  private static func appendSummary(_ value: PlistValue, into out: inout [UInt8]) {
    switch value {
    case .string(let s):
      out.append(contentsOf: "string ".utf8)
      if isPrintableASCII(s) {
        out.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
          if byte == 0x22 || byte == 0x5C { out.append(0x5C) }
          out.append(byte)
        }
        out.append(UInt8(ascii: "\""))
      } else {
        out.append(contentsOf: quoted(s).utf8)
      }
    case .integer(let i):
      out.append(contentsOf: "integer ".utf8)
      XMLPlistWriter.appendInteger(i, into: &out)
    case .date(let d):
      out.append(contentsOf: "date ".utf8)
      let seconds = d.secondsSinceReferenceDate
      if seconds.rounded(.down) == seconds {
        XMLPlistWriter.appendDate(d, into: &out)
      } else {
        out.append(contentsOf: d.iso8601String.utf8)
      }
    case .data(let d):
      out.append(contentsOf: "data ".utf8)
      appendDataText(d, into: &out)
    case .array(let a):
      out.append(contentsOf: "array (".utf8)
      appendCount(a.count, "item", "items", into: &out)
    case .dictionary(let d):
      out.append(contentsOf: "dictionary (".utf8)
      appendCount(d.count, "entry", "entries", into: &out)
    case .real(let r):
      out.append(contentsOf: "real ".utf8)
      out.append(contentsOf: realText(r).utf8)
    case .boolean(let b):
      // Spelled out: interpolating a Bool looks its conformances up at run time, which on
      // first use scans the binary's whole conformance table (a fifth of a short print).
      out.append(contentsOf: (b ? "boolean true" : "boolean false").utf8)
    case .uid(let n):
      out.append(contentsOf: "uid ".utf8)
      XMLPlistWriter.appendDecimal(n, into: &out)
    }
  }

  /// Appends `n one` or `n many`, then `)`.
  private static func appendCount(
    _ n: Int, _ one: String, _ many: String, into out: inout [UInt8]
  ) {
    XMLPlistWriter.appendDecimal(UInt64(n), into: &out)
    out.append(0x20)
    out.append(contentsOf: (n == 1 ? one : many).utf8)
    out.append(UInt8(ascii: ")"))
  }

  /// Appends `dataText(data)`.
  private static func appendDataText(_ data: Data, into out: inout [UInt8]) {
    let hexDigits = Array("0123456789abcdef".utf8)
    XMLPlistWriter.appendDecimal(UInt64(data.count), into: &out)
    out.append(contentsOf: (data.count == 1 ? " byte <" : " bytes <").utf8)
    // Through the raw bytes: `data.prefix(16).enumerated()` instantiates generic types whose
    // requirements the runtime checks against every conformance in the binary on first use
    // (850,000 instructions, a sixth of a short print).
    data.withUnsafeBytes { raw in
      for i in 0..<min(16, raw.count) {
        if i > 0 && i % 4 == 0 { out.append(0x20) }
        out.append(hexDigits[Int(raw[i] >> 4)])
        out.append(hexDigits[Int(raw[i] & 0x0F)])
      }
    }
    out.append(contentsOf: (data.count > 16 ? " …>" : ">").utf8)
  }

  /// `type value` for scalars, `type (count)` for containers.
  static func summary(_ value: PlistValue) -> String {
    switch value {
    case .string(let s): "string " + quoted(s)
    case .integer(let i): "integer \(i)"
    case .real(let r): "real " + realText(r)
    case .boolean(let b): "boolean \(b)"
    case .date(let d): "date \(d.iso8601String)"
    case .data(let d): "data " + dataText(d)
    case .uid(let n): "uid \(n)"
    case .array(let a): "array (\(count(a.count, "item", "items")))"
    case .dictionary(let d): "dictionary (\(count(d.count, "entry", "entries")))"
    }
  }

  private static func count(_ n: Int, _ one: String, _ many: String) -> String {
    "\(n) \(n == 1 ? one : many)"
  }

  static func realText(_ r: Double) -> String {
    if r.isNaN { return "nan" }
    if r.isInfinite { return r < 0 ? "-infinity" : "+infinity" }
    return r.description
  }

  static func dataText(_ data: Data) -> String {
    var hex = ""
    for (i, byte) in data.prefix(16).enumerated() {
      if i > 0 && i % 4 == 0 { hex += " " }
      hex += byte < 16 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
    }
    return count(data.count, "byte", "bytes") + " <" + hex + (data.count > 16 ? " …>" : ">")
  }

  /// A string in double quotes: `"` and `\` escaped with a backslash (scalar by scalar, as
  /// `KeyPath` quotes keys: Foundation's `replacingOccurrences` cost a 5 KB Info.plist's print a
  /// quarter of its instructions), then every character the one rule names (controls,
  /// bidirectional controls, invisible format characters) as its visible escape
  /// (`VisibleEscaping.line`).
  static func quoted(_ s: String) -> String {
    var escaped = String.UnicodeScalarView()
    for scalar in s.unicodeScalars {
      if scalar == "\"" || scalar == "\\" { escaped.append("\\") }
      escaped.append(scalar)
    }
    return "\"" + VisibleEscaping.line(String(escaped)) + "\""
  }
}
