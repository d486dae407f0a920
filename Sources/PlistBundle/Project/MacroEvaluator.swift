import Foundation

/// Expands `$(VAR)` and `${VAR}` placeholders against `BuildSettings`.
///
/// - `$(inherited)` and a self-reference give the value of the next lower assignment of the
///   setting being evaluated (empty for `$(inherited)` when there is none).
/// - Names may nest: `$(OBJECT_FILE_DIR_$(CURRENT_VARIANT))`.
/// - Operators follow the name, separated by `:` and applied left to right: `default=x` (when
///   the value is empty or unset), `rfc1034identifier` (characters other than `A-Z a-z 0-9 - .`
///   become `-`), `c99extidentifier` and `identifier` (characters other than letters, digits and
///   `_` become `_`, and a leading digit gets a `_` before it), `lower`, `upper`, `base`
///   (file name without extension), `dir`, `file`, `suffix`; others leave the value as is.
/// - A setting nobody defines stays as written and is named in `ExpandedValue.unresolved`
///   (Xcode would use the empty string); so does one caught in a cycle or nested deeper than
///   `maxDepth`, one met after `maxSteps` placeholders were followed, and one whose value would
///   make the text longer than `maxLength` (settings that each use the previous one twice
///   double at every level, so 40 lines would otherwise expand to a terabyte).
struct MacroEvaluator {
  let settings: BuildSettings
  let context: BuildContext
  /// Assignments being evaluated, to stop cycles.
  private var active: Set<Int> = []
  private var depth = 0
  /// The deepest nesting of evaluations followed before a placeholder is left unresolved.
  static let maxDepth = 64
  /// The most placeholders one evaluation follows: 100,000, where real settings follow tens.
  static let maxSteps = 100_000
  /// The longest expanded text, in UTF-8 bytes: 1 MiB.
  static let maxLength = 1 << 20
  /// Placeholders followed so far, against `maxSteps`.
  private var steps = 0

  init(settings: BuildSettings, context: BuildContext) {
    self.settings = settings
    self.context = context
  }

  /// The expanded value of the assignment at `index`.
  mutating func evaluate(index: Int) -> ExpandedValue {
    let a = settings.assignments[index]
    guard !active.contains(index), depth < Self.maxDepth else {
      return ExpandedValue("$(\(a.name))", unresolved: [a.name])
    }
    active.insert(index)
    depth += 1
    defer {
      active.remove(index)
      depth -= 1
    }
    return expand(a.value, selfName: a.name, selfIndex: index)
  }

  /// Expands every placeholder of `text`; `selfName`/`selfIndex` say which assignment the
  /// text belongs to, for `$(inherited)`.
  mutating func expand(_ text: String, selfName: String?, selfIndex: Int?) -> ExpandedValue {
    let chars = Array(text.unicodeScalars)
    var out = ExpandedValue("")
    var literal = String.UnicodeScalarView()
    var i = 0
    while i < chars.count {
      if chars[i] == "$", i + 1 < chars.count, chars[i + 1] == "(" || chars[i + 1] == "{",
        let end = Self.closing(chars, from: i + 1)
      {
        out.text.unicodeScalars.append(contentsOf: literal)
        literal = String.UnicodeScalarView()
        var inner = String.UnicodeScalarView()
        inner.append(contentsOf: chars[(i + 2)..<end])
        let token = String(String.UnicodeScalarView(chars[i...end]))
        let value = reference(String(inner), token: token, selfName: selfName, selfIndex: selfIndex)
        if out.text.utf8.count + value.text.utf8.count > Self.maxLength {
          out.append(ExpandedValue(token, unresolved: [Self.splitOperators(String(inner)).name]))
        } else {
          out.append(value)
        }
        i = end + 1
      } else {
        literal.append(chars[i])
        i += 1
      }
    }
    out.text.unicodeScalars.append(contentsOf: literal)
    return out
  }

  /// The index of the bracket closing the one at `open`, allowing nested `$(…)`/`${…}`.
  private static func closing(_ chars: [Unicode.Scalar], from open: Int) -> Int? {
    var stack: [Unicode.Scalar] = []
    var i = open
    while i < chars.count {
      switch chars[i] {
      case "(": stack.append(")")
      case "{": stack.append("}")
      case ")", "}":
        guard stack.last == chars[i] else { return nil }
        stack.removeLast()
        if stack.isEmpty { return i }
      default: break
      }
      i += 1
    }
    return nil
  }

  /// The value of one placeholder whose inside is `inner` (`NAME:op:op`).
  private mutating func reference(
    _ inner: String, token: String, selfName: String?, selfIndex: Int?
  ) -> ExpandedValue {
    let parts = Self.splitOperators(inner)
    guard depth < Self.maxDepth, steps < Self.maxSteps else {
      return ExpandedValue(token, unresolved: [parts.name])
    }
    steps += 1
    depth += 1
    defer { depth -= 1 }
    let nameValue = expand(parts.name, selfName: selfName, selfIndex: selfIndex)
    let name = nameValue.text
    guard nameValue.isResolved else {
      return ExpandedValue(token, unresolved: nameValue.unresolved)
    }

    var value: ExpandedValue?
    if name == "inherited" || name == selfName {
      if let selfName, let selfIndex,
        let below = settings.index(of: selfName, in: context, below: selfIndex)
      {
        value = evaluate(index: below)
      } else if name == "inherited" {
        value = ExpandedValue("")
      }
    } else if let i = settings.index(of: name, in: context, below: settings.assignments.count) {
      value = evaluate(index: i)
    }

    for op in parts.operators {
      if op.hasPrefix("default=") {
        if value == nil || value?.text.isEmpty == true {
          value = expand(String(op.dropFirst(8)), selfName: selfName, selfIndex: selfIndex)
        }
        continue
      }
      guard let v = value else { break }
      guard v.isResolved else { return ExpandedValue(token, unresolved: v.unresolved) }
      value = ExpandedValue(Self.apply(op, to: v.text))
    }
    return value ?? ExpandedValue(token, unresolved: [name])
  }

  /// Splits `NAME:op:op` at the colons outside nested placeholders.
  private static func splitOperators(_ inner: String) -> (name: String, operators: [String]) {
    var pieces: [String] = []
    var current = ""
    var level = 0
    for c in inner {
      if c == "(" || c == "{" { level += 1 }
      if c == ")" || c == "}" { level -= 1 }
      if c == ":" && level == 0 {
        pieces.append(current)
        current = ""
      } else {
        current.append(c)
      }
    }
    pieces.append(current)
    let name = pieces.removeFirst()
    // `default=` takes the rest, colons included.
    if let d = pieces.firstIndex(where: { $0.hasPrefix("default=") }), d + 1 < pieces.count {
      let joined = pieces[d...].joined(separator: ":")
      pieces = Array(pieces[..<d]) + [joined]
    }
    return (name, pieces)
  }

  /// Applies one operator to a resolved value.
  static func apply(_ op: String, to text: String) -> String {
    switch op {
    case "rfc1034identifier":
      return String(
        String.UnicodeScalarView(
          text.unicodeScalars.map { s in
            s.isASCII
              && (s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "-" || s == ".")
              ? s : "-"
          }))
    case "c99extidentifier", "identifier":
      var out = String.UnicodeScalarView(
        text.unicodeScalars.map { s in
          s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "_")
            ? s : "_"
        })
      if let first = out.first, ("0"..."9").contains(first) { out.insert("_", at: out.startIndex) }
      return String(out)
    case "lower": return text.lowercased()
    case "upper": return text.uppercased()
    case "file": return (text as NSString).lastPathComponent
    case "dir": return (text as NSString).deletingLastPathComponent
    case "base": return ((text as NSString).lastPathComponent as NSString).deletingPathExtension
    case "suffix":
      let ext = (text as NSString).pathExtension
      return ext.isEmpty ? "" : "." + ext
    default: return text
    }
  }
}
