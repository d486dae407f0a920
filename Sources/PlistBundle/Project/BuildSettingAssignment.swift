import Foundation
import PlistCore

/// One condition of a conditional build setting: `[sdk=iphoneos*]`, `[arch=arm64]`,
/// `[config=Debug]`.
///
/// The pattern is a glob (`*` and `?`), matched against the value of the condition's key in a
/// `BuildContext`; a condition whose key has no value in the context does not match.
package struct SettingCondition: Sendable, Hashable, CustomStringConvertible {
  /// The condition's key (`sdk`, `arch`, `config`, `variant`).
  package var key: String
  /// The glob the value must match (`iphoneos*`).
  package var pattern: String

  /// Creates a condition.
  package init(key: String, pattern: String) {
    self.key = key
    self.pattern = pattern
  }

  /// `[key=pattern]`, as written in a project.
  package var description: String { "[\(key)=\(pattern)]" }

  /// True when `value` matches the glob (`*` any run of characters, `?` one character).
  package func matches(_ value: String) -> Bool {
    Self.glob(Array(pattern.unicodeScalars), Array(value.unicodeScalars))
  }

  private static func glob(_ p: [Unicode.Scalar], _ s: [Unicode.Scalar]) -> Bool {
    // Iterative matcher with one backtrack point: linear in practice, never recursive.
    var pi = 0
    var si = 0
    var star: Int? = nil
    var mark = 0
    while si < s.count {
      if pi < p.count, p[pi] == "?" || p[pi] == s[si] {
        pi += 1
        si += 1
      } else if pi < p.count, p[pi] == "*" {
        star = pi
        mark = si
        pi += 1
      } else if let st = star {
        pi = st + 1
        mark += 1
        si = mark
      } else {
        return false
      }
    }
    while pi < p.count, p[pi] == "*" { pi += 1 }
    return pi == p.count
  }
}

/// The level a build setting is assigned at, lowest precedence first, as Xcode resolves them.
package enum SettingLevel: Int, Sendable, Hashable, Comparable, CaseIterable {
  /// Xcode's built-in defaults (`PRODUCT_NAME = $(TARGET_NAME)`, …), see `XcodeBuiltins`.
  case builtin
  /// The project configuration's `.xcconfig` (`baseConfigurationReference`).
  case projectXCConfig
  /// The project configuration's `buildSettings` in `project.pbxproj`.
  case project
  /// The target configuration's `.xcconfig`.
  case targetXCConfig
  /// The target configuration's `buildSettings` in `project.pbxproj`.
  case target

  package static func < (lhs: SettingLevel, rhs: SettingLevel) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

/// Where a build setting was assigned: the file, its level, and the place in the file.
package struct SettingOrigin: Sendable, Hashable, CustomStringConvertible {
  /// The level of the assignment.
  package var level: SettingLevel
  /// The file that holds it: `App.xcodeproj/project.pbxproj` or an `.xcconfig` path in the
  /// project's file tree; empty for built-ins.
  package var path: String
  /// 1-based line of the assignment, or 0 when unknown (built-ins).
  package var line: Int
  /// Where the setting's key is in the `.pbxproj` text, for assignments read from it.
  package var location: SourceLocation?

  /// Creates an origin.
  package init(level: SettingLevel, path: String, line: Int = 0, location: SourceLocation? = nil) {
    self.level = level
    self.path = path
    self.line = line
    self.location = location
  }

  /// `path:line`, or `built-in`.
  package var description: String {
    if level == .builtin { return "built-in" }
    return line > 0 ? "\(path):\(line)" : path
  }
}

/// One assignment of a build setting: `NAME[cond]… = value`, with where it was written.
package struct BuildSettingAssignment: Sendable, Hashable {
  /// The setting's name, without conditions (`INFOPLIST_KEY_UILaunchScreen_Generation`).
  package var name: String
  /// The conditions, all of which must match; empty for an unconditional assignment.
  package var conditions: [SettingCondition]
  /// The value as written, placeholders unexpanded; a list value is joined with spaces.
  package var value: String
  /// Where it was written.
  package var origin: SettingOrigin

  /// Creates an assignment.
  package init(
    name: String, conditions: [SettingCondition] = [], value: String, origin: SettingOrigin
  ) {
    self.name = name
    self.conditions = conditions
    self.value = value
    self.origin = origin
  }

  /// Splits a key as written (`NAME[sdk=iphoneos*][arch=arm64]`, or `NAME[sdk=a*,arch=b]`)
  /// into the name and its conditions; nil when the brackets are malformed or the name is empty.
  package static func parseKey(_ key: String) -> (name: String, conditions: [SettingCondition])? {
    guard let open = key.firstIndex(of: "[") else {
      let name = key.trimmingCharacters(in: .whitespaces)
      return name.isEmpty ? nil : (name, [])
    }
    let name = key[..<open].trimmingCharacters(in: .whitespaces)
    guard !name.isEmpty else { return nil }
    var conditions: [SettingCondition] = []
    var rest = key[open...]
    while let first = rest.first {
      if first == " " || first == "\t" {
        rest = rest.dropFirst()
        continue
      }
      guard first == "[", let close = rest.firstIndex(of: "]") else { return nil }
      let body = rest[rest.index(after: rest.startIndex)..<close]
      for part in body.split(separator: ",") {
        guard let eq = part.firstIndex(of: "=") else { return nil }
        let k = part[..<eq].trimmingCharacters(in: .whitespaces)
        let v = part[part.index(after: eq)...].trimmingCharacters(in: .whitespaces)
        guard !k.isEmpty else { return nil }
        conditions.append(SettingCondition(key: k, pattern: v))
      }
      rest = rest[rest.index(after: close)...]
    }
    return (name, conditions)
  }
}
