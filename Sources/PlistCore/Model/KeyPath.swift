/// A path from the root of a property list to one of its nodes.
///
/// The syntax is the same everywhere (command line, search, findings, yank): keys joined by `.`,
/// array indices in brackets, for example `CFBundleURLTypes[0].CFBundleURLSchemes[1]`. A key that is
/// empty, holds `.`, `[`, `]`, `"` or `\`, a control character, or starts or ends with a space
/// is written in double quotes with `\"` and `\\` escapes: every entitlement key has dots, so
/// `"com.apple.security.app-sandbox"`. The root is the empty path (written as nothing).
/// `KeyPath(parsing: path.description) == path` for every path.
package struct KeyPath: Sendable, Hashable, CustomStringConvertible, Comparable {
  /// One step of a path.
  package enum Component: Sendable, Hashable {
    case key(String)
    case index(Int)
  }

  /// The steps from the root.
  package var components: [Component]

  /// Creates a path from steps.
  package init(_ components: [Component] = []) { self.components = components }

  /// The root.
  package static let root = KeyPath()

  /// True for the root.
  package var isRoot: Bool { components.isEmpty }

  /// The path one step further down, into the entry `key`.
  package func appending(key: String) -> KeyPath { appending(.key(key)) }

  /// The path one step further down, into item `index`.
  package func appending(index: Int) -> KeyPath { appending(.index(index)) }

  /// The path one step further down: one array of exactly the new length, where
  /// `components + [step]` made two (lint walks make a path for every key).
  private func appending(_ step: Component) -> KeyPath {
    var steps: [Component] = []
    steps.reserveCapacity(components.count + 1)
    steps.append(contentsOf: components)
    steps.append(step)
    return KeyPath(steps)
  }

  /// The path as a message shows it: whole up to 64 steps; deeper, its first and last 16
  /// steps with the number of levels between (`a[0] … 99968 more levels … [0].b`).
  ///
  /// A node 100,000 levels down has a path of about 300,000 characters: whole, it filled the
  /// inspector's detail pane on every frame, and a warning for each of many deep dictionaries
  /// grew with the square of the depth.
  package var abbreviated: String {
    let count = components.count
    guard count > KeyPath.abbreviationLimit else { return description }
    let end = KeyPath.abbreviationEnd
    return KeyPath.abbreviated(
      head: components.prefix(end), elided: count - 2 * end, tail: components.suffix(end))
  }

  /// The most steps `abbreviated` shows whole.
  package static let abbreviationLimit = 64
  /// The steps `abbreviated` shows at each end of a longer path.
  package static let abbreviationEnd = 16

  /// `head … N more levels … tail`, the form of `abbreviated`.
  static func abbreviated(
    head: ArraySlice<Component>, elided: Int, tail: ArraySlice<Component>
  ) -> String {
    KeyPath(Array(head)).description + " … \(elided) more levels … "
      + KeyPath(Array(tail)).description
  }

  /// The path of the parent, or nil for the root.
  package var parent: KeyPath? { isRoot ? nil : KeyPath(Array(components.dropLast())) }

  /// The last key of the path, if the last step is a key.
  package var lastKey: String? {
    if case .key(let k)? = components.last { return k }
    return nil
  }

  /// Parses the syntax described on the type.
  ///
  /// - Throws: `PlistError` of kind `.malformed`, naming the column (1-based, in characters).
  package init(parsing text: String) throws(PlistError) {
    var result: [Component] = []
    let chars = Array(text.unicodeScalars)
    var i = 0
    func fail(_ message: String, _ at: Int) -> PlistError {
      PlistError(.malformed, "key path: \(message)", line: 1, column: at + 1)
    }
    var expectKey = true  // at the start or after a dot
    while i < chars.count {
      let c = chars[i]
      if c == "[" {
        var j = i + 1
        var value = 0
        guard j < chars.count, chars[j].properties.numericType != nil, chars[j].isASCII else {
          throw fail("expected an index after '['", j)
        }
        while j < chars.count, chars[j].isASCII, let d = Int(String(chars[j])) {
          let (v1, o1) = value.multipliedReportingOverflow(by: 10)
          let (v2, o2) = v1.addingReportingOverflow(d)
          if o1 || o2 { throw fail("index too large", i + 1) }
          value = v2
          j += 1
        }
        guard j < chars.count, chars[j] == "]" else { throw fail("expected ']'", j) }
        result.append(.index(value))
        i = j + 1
        expectKey = false
      } else if c == "." {
        if expectKey { throw fail("empty key before '.' (quote an empty key as \"\")", i) }
        expectKey = true
        i += 1
        if i == chars.count { throw fail("expected a key after '.'", i) }
      } else {
        if !expectKey { throw fail("expected '.' or '[' between steps", i) }
        if c == "\"" {
          var key = String.UnicodeScalarView()
          var j = i + 1
          var closed = false
          while j < chars.count {
            if chars[j] == "\\" {
              guard j + 1 < chars.count else { break }
              key.append(chars[j + 1])
              j += 2
            } else if chars[j] == "\"" {
              closed = true
              j += 1
              break
            } else {
              key.append(chars[j])
              j += 1
            }
          }
          if !closed { throw fail("unterminated quoted key", i) }
          result.append(.key(String(key)))
          i = j
        } else {
          var key = String.UnicodeScalarView()
          var j = i
          while j < chars.count, !"[].\"\\".unicodeScalars.contains(chars[j]) {
            key.append(chars[j])
            j += 1
          }
          if j < chars.count, chars[j] == "\"" || chars[j] == "\\" || chars[j] == "]" {
            throw fail("unexpected '\(chars[j])' in a key (quote the key)", j)
          }
          result.append(.key(String(key)))
          i = j
        }
        expectKey = false
      }
    }
    components = result
  }

  /// The path in the syntax described on the type.
  package var description: String {
    var out = ""
    for (n, component) in components.enumerated() {
      switch component {
      case .index(let i):
        out += "[\(i)]"
      case .key(let k):
        if n > 0 { out += "." }
        out += KeyPath.componentText(k)
      }
    }
    return out
  }

  /// The path as PlistBuddy spells it (`:CFBundleURLTypes:0:CFBundleURLSchemes:1`), or nil when
  /// a key holds `:`, which PlistBuddy cannot address.
  package var plistBuddyPath: String? {
    var out = ""
    for component in components {
      switch component {
      case .index(let i): out += ":\(i)"
      case .key(let k):
        if k.contains(":") { return nil }
        out += ":" + k
      }
    }
    return out.isEmpty ? ":" : out
  }

  /// The path as `plutil -extract` takes it (`CFBundleURLTypes.0.CFBundleURLSchemes.1`), or nil
  /// when a key holds `.`, which plutil's key paths cannot address.
  package var plutilKeyPath: String? {
    var parts: [String] = []
    for component in components {
      switch component {
      case .index(let i): parts.append(String(i))
      case .key(let k):
        if k.contains(".") { return nil }
        parts.append(k)
      }
    }
    return parts.joined(separator: ".")
  }

  /// The path as the toolchain's `plutil` takes it in `-extract`, `-replace` and `-remove`,
  /// with a `.` inside a key escaped as `\.` (`NSAppTransportSecurity.NSExceptionDomains.
  /// example\.com`); nil when a key holds a backslash before a `.` or at its end, which plutil
  /// cannot tell from an escape.
  package var plutilEscapedKeyPath: String? {
    var parts: [String] = []
    for component in components {
      switch component {
      case .index(let i): parts.append(String(i))
      case .key(let k):
        if k.contains("\\.") || k.hasSuffix("\\") { return nil }
        parts.append(k.replacing(".", with: "\\."))
      }
    }
    return parts.joined(separator: ".")
  }

  /// A key as one component of a key path: as it is, or quoted when it needs to be (empty,
  /// an edge space, `[`, `]`, `.`, `"`, `\\` or a control character).
  package static func componentText(_ key: String) -> String {
    needsQuotes(key) ? quote(key) : key
  }

  static func needsQuotes(_ key: String) -> Bool {
    if key.isEmpty { return true }
    // ASCII keys, nearly all of them, are settled byte by byte.
    var ascii = true
    for byte in key.utf8 {
      switch byte {
      case 0x2E, 0x5B, 0x5D, 0x22, 0x5C, 0x00..<0x20, 0x7F: return true
      case 0x80...: ascii = false
      default: continue
      }
      break
    }
    if ascii { return key.utf8.first == 0x20 || key.utf8.last == 0x20 }
    // By scalar: a space carrying a combining mark is one Character, not " ", but still
    // reads as an edge space.
    if key.unicodeScalars.first == " " || key.unicodeScalars.last == " " { return true }
    return key.unicodeScalars.contains {
      "[].\"\\".unicodeScalars.contains($0) || $0.properties.generalCategory == .control
    }
  }

  static func quote(_ key: String) -> String {
    var out = "\""
    for s in key.unicodeScalars {
      if s == "\"" || s == "\\" { out.unicodeScalars.append("\\") }
      out.unicodeScalars.append(s)
    }
    return out + "\""
  }

  package static func < (lhs: KeyPath, rhs: KeyPath) -> Bool { lhs.description < rhs.description }
}

extension PlistNode {
  /// The node at `path` below this one, or nil.
  ///
  /// Dictionary keys resolve to their last entry, as lookup
  /// does in Apple's parsers. Nil when a step is missing or crosses a scalar.
  package func node(at path: KeyPath) -> PlistNode? {
    let resolution = resolve(path)
    return resolution.isComplete ? resolution.node : nil
  }

  /// Why `path` names nothing below this node, in words, or nil when it names a node.
  ///
  /// Names the first step that fails and what is there instead: `CFBundleURLTypes has 1 item,
  /// so there is no [5]`, `CFBundleURLTypes[0] is a dictionary, not an array`, `no key "foo" in
  /// CFBundleURLTypes[0]`. When a missing key, joined with the steps after it by `.`, is a key
  /// that does exist (an entitlement written without quotes), the message says how to quote it.
  package func explainMissing(_ path: KeyPath) -> String? {
    let resolution = resolve(path)
    guard !resolution.isComplete else { return nil }
    let n = resolution.resolvedSteps
    let current = resolution.node
    let walked = KeyPath(Array(path.components[..<n]))
    let place = walked.isRoot ? "the root" : walked.description
    switch (path.components[n], current.value) {
    case (.key(let k), .dictionary(let d)):
      if let joined = Self.dottedKey(in: d, spelledBy: path.components[n...]) {
        let quoted = walked.appending(key: joined).description
        return "no key \"\(k)\" in \(place); the key \"\(joined)\" holds dots, so "
          + "write it in double quotes: \(quoted) (in a shell: '\(quoted)')"
      }
      return "no key \"\(k)\" in \(place)"
    case (.index(let i), .array(let a)):
      let items = a.count == 1 ? "1 item" : "\(a.count) items"
      return "\(place) has \(items), so there is no [\(i)]"
    case (.key, _):
      return "\(place) is \(current.value.kind.article), not a dictionary"
    case (.index, _):
      return "\(place) is \(current.value.kind.article), not an array"
    }
  }

  /// The longest key of `dictionary` that holds dots and is spelled by two or more of the
  /// leading key steps of `steps` joined by `.`, or nil.
  ///
  /// Each dotted key is compared with as many steps as it has parts, so the cost is that of
  /// the dictionary's keys, however long the path.
  private static func dottedKey(
    in dictionary: PlistDictionary, spelledBy steps: ArraySlice<KeyPath.Component>
  ) -> String? {
    var best: (key: String, parts: Int)?
    for entry in dictionary.entries where entry.key.contains(".") {
      let parts = entry.key.split(separator: ".", omittingEmptySubsequences: false)
      guard parts.count <= steps.count, parts.count > (best?.parts ?? 1) else { continue }
      let matches = zip(parts, steps).allSatisfy { part, step in
        if case .key(let key) = step { return key == part }
        return false
      }
      if matches { best = (entry.key, parts.count) }
    }
    return best?.key
  }
}

extension PlistKind {
  /// The kind with its indefinite article, for messages: "a string", "an integer".
  package var article: String {
    switch self {
    case .integer, .array, .uid: "an \(rawValue == "uid" ? "UID" : rawValue)"
    default: "a \(rawValue)"
    }
  }
}
