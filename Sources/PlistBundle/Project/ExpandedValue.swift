/// A build-setting value after `$(VAR)` expansion, with the placeholders that stayed.
///
/// Xcode expands a setting nobody defines to the empty string; infoscope keeps the placeholder
/// as written (`com.example.App${DEVELOPMENT_TEAM}`) and names it in `unresolved`, so a rule can
/// say "unresolved by the project" instead of reporting a wrong value.
package struct ExpandedValue: Sendable, Hashable, CustomStringConvertible {
  /// The text, with unresolved placeholders left as written.
  package var text: String
  /// The names of the settings left unresolved, in order of first appearance, without repeats.
  package var unresolved: [String]

  /// Creates a value.
  package init(_ text: String, unresolved: [String] = []) {
    self.text = text
    self.unresolved = unresolved
  }

  /// True when every placeholder was resolved.
  package var isResolved: Bool { unresolved.isEmpty }

  /// The text.
  package var description: String { text }

  mutating func append(_ other: ExpandedValue) {
    text += other.text
    for name in other.unresolved where !unresolved.contains(name) { unresolved.append(name) }
  }
}

/// What a build is for: the configuration, and optionally the SDK and architecture that pick
/// conditional settings (`[sdk=iphoneos*]`, `[arch=arm64]`, `[config=Debug]`).
package struct BuildContext: Sendable, Hashable {
  /// The configuration name (`Debug`).
  package var configuration: String
  /// The SDK name, with or without a version (`iphoneos`, `macosx14.0`); nil for "any SDK".
  package var sdk: String?
  /// The architecture (`arm64`); nil for "any architecture".
  package var arch: String?

  /// Creates a context.
  package init(configuration: String, sdk: String? = nil, arch: String? = nil) {
    self.configuration = configuration
    self.sdk = sdk
    self.arch = arch
  }

  /// The value a condition key is matched against: `sdk`, `arch`, `config`; nil otherwise.
  package func value(forConditionKey key: String) -> String? {
    switch key {
    case "sdk": sdk
    case "arch": arch
    case "config": configuration
    default: nil
    }
  }

  /// True when every condition matches this context.
  package func matches(_ conditions: [SettingCondition]) -> Bool {
    conditions.allSatisfy { c in value(forConditionKey: c.key).map(c.matches) ?? false }
  }

  /// The platform name of the SDK: the SDK name without its version (`iphoneos17.2` →
  /// `iphoneos`), lower-cased.
  package var sdkPlatformName: String? {
    guard let sdk else { return nil }
    let name = sdk.lowercased().prefix { !$0.isNumber && $0 != "." }
    return name.isEmpty ? nil : String(name)
  }
}
