import PlistBundle
import PlistCore

/// Names, pages and small readings shared by the entitlement rules.
enum EntitlementFacts {
  /// The start of every entitlement page; an entitlement's page adds its name in lower case.
  static let page = "https://developer.apple.com/documentation/bundleresources/entitlements/"

  /// `com.apple.security.app-sandbox`.
  static let sandbox = "com.apple.security.app-sandbox"
  /// The macOS spelling of `get-task-allow` and the iOS one.
  static let getTaskAllowKeys = ["com.apple.security.get-task-allow", "get-task-allow"]
  /// The App Sandbox identifier of Audio Input.
  static let microphone = "com.apple.security.device.microphone"
  /// The Hardened Runtime identifier of Audio Input.
  static let audioInput = "com.apple.security.device.audio-input"
  /// The prefix of App Sandbox temporary exceptions.
  static let temporaryExceptionPrefix = "com.apple.security.temporary-exception."

  /// The page of entitlement `key`.
  static func page(_ key: String) -> String { page + key.lowercased() }

  /// True when `node` is the Boolean true.
  static func isTrue(_ node: PlistNode?) -> Bool { node?.value.boolValue == true }

  /// True when `node` is the Boolean false.
  static func isFalse(_ node: PlistNode?) -> Bool { node?.value.boolValue == false }

  /// True when the rules about macOS-only entitlements should run: the context targets macOS
  /// or Mac Catalyst, or its platforms are unknown.
  static func mayTargetMac(_ context: LintContext) -> Bool {
    context.platforms.isEmpty || context.targets(.macOS) || context.targets(.macCatalyst)
  }

  /// What the file says about the App Sandbox.
  enum SandboxState {
    /// `com.apple.security.app-sandbox` is true.
    case on
    /// The key is present and false, or absent from entitlements taken from a signature.
    case off
    /// The key is absent from a source `.entitlements` file: Xcode combines that file with the
    /// target's settings when it signs, so the signed value is not known.
    case unknown
  }

  /// The App Sandbox state of `subject`'s entitlements.
  static func sandboxState(_ subject: LintSubject) -> SandboxState {
    guard let node = subject.dictionary?[sandbox] else {
      return subject.role == .signedEntitlements ? .off : .unknown
    }
    return isTrue(node) ? .on : .off
  }
}

extension EntitlementFacts {
  /// True when `node` is true in any spelling: the Boolean, a non-zero integer, or the string
  /// `true`, `yes` or `1` in any case (Apple's notarization page forbids `get-task-allow` "with
  /// the value set to any variation of true").
  static func isAnyVariationOfTrue(_ node: PlistNode?) -> Bool {
    switch node?.value {
    case .boolean(let b)?: b
    case .integer(let i)?: i.magnitude != 0
    case .string(let s)?: ["true", "yes", "1"].contains(s.lowercased())
    default: false
    }
  }

  /// The `get-task-allow` entry of `dictionary` (either spelling) that is some variation of
  /// true, with its key.
  static func trueGetTaskAllow(_ dictionary: PlistDictionary) -> String? {
    getTaskAllowKeys.first { isAnyVariationOfTrue(dictionary[$0]) }
  }
}
