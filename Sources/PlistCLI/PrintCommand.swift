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
    let text = render(node, label: label)
    return context.console.write(text, to: .output) ? .success : .cannotCreate
  }

  /// The printed tree of `node`, ending in a newline.
  ///
  /// - Parameters:
  ///   - node: the root of what to print.
  ///   - label: the first line's label (a key path), or nil for none.
  /// - Returns: one line per node, indented two spaces per level, at most
  ///   `PlistLimits.maxIndentLevels` levels (deeper lines are indented as that level).
  package static func render(_ node: PlistNode, label: String? = nil) -> String {
    /// A container whose children are being printed.
    struct Frame {
      enum Children {
        case items([PlistNode])
        case entries([PlistEntry], lastIndex: [String: Int])
      }
      let children: Children
      let count: Int
      var next = 0
    }
    let indentation = String(repeating: "  ", count: PlistLimits.maxIndentLevels)
    var out = ""
    var stack: [Frame] = []
    var pending: (node: PlistNode, label: String?, note: String?)? = (node, label, nil)
    while true {
      if let (node, label, note) = pending {
        pending = nil
        let depth = stack.count
        out += indentation.prefix(2 * min(depth, PlistLimits.maxIndentLevels))
        if let label { out += VisibleEscaping.line(label) + ": " }
        out += summary(node.value)
        if let note { out += "  (\(note))" }
        out += "\n"
        if depth >= PlistLimits.maxDepth, node.value.childCount ?? 0 > 0 {
          out += indentation.prefix(2 * min(depth + 1, PlistLimits.maxIndentLevels))
          out += "… (nested too deep to print)\n"
        } else if case .array(let items) = node.value, !items.isEmpty {
          stack.append(Frame(children: .items(items), count: items.count))
        } else if case .dictionary(let dictionary) = node.value, !dictionary.isEmpty {
          var lastIndex: [String: Int] = [:]
          for (i, entry) in dictionary.entries.enumerated() { lastIndex[entry.key] = i }
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
        pending = (items[i], "[\(i)]", nil)
      case .entries(let entries, let lastIndex):
        let entry = entries[i]
        let note = lastIndex[entry.key] == i ? nil : "duplicate key, overridden below"
        pending = (entry.node, keyLabel(entry.key), note)
      }
    }
  }

  /// A key as a key-path component: quoted when it needs to be.
  static func keyLabel(_ key: String) -> String { KeyPath([.key(key)]).description }

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
