import PlistBundle
import PlistCore

/// `$(VAR)` or `${VAR}` left in a built bundle's Info.plist, or left unresolved by a project.
struct UnresolvedPlaceholderRule: Rule {
  static let description = RuleDescription(
    identifier: "unresolved_placeholder",
    name: "Unresolved Placeholder",
    severity: .error,
    category: .identity,
    appliesTo: [.infoPlist],
    summary: "No $(VAR) or ${VAR} build-setting placeholder is left in a built Info.plist, and "
      + "a project defines every setting its Info.plist uses",
    rationale: """
      Xcode replaces build-setting references in the Info.plist when it builds the product. One
      left in a built bundle is shipped as written: an identifier, version or purpose string
      that reads `$(PRODUCT_BUNDLE_IDENTIFIER)`. Apple's CFBundleIdentifier page allows only
      alphanumerics, hyphens and periods in a bundle identifier, so `$`, `(` and `)` make it
      invalid; for the other keys Apple says nothing about a placeholder left in, but the value
      is not the one the developer meant (a version of `$(MARKETING_VERSION)` also fails the
      version format). In a built bundle every string is checked (error).
      In a project, a setting the target does not define is reported (warning) with its name,
      from the target's effective Info.plist: unless the build environment supplies it (a CI
      secret, an `.xcconfig` outside the project), Xcode expands an undefined setting to an
      empty string. A bare source file is not checked: the project that defines its settings is not
      at hand, nor is a project whose `.xcconfig` or Info.plist files could not all be read.
      """,
    appleSource: AppleSource(
      title: "CFBundleIdentifier", url: KnownKeys.infoPage + "cfbundleidentifier"),
    nonTriggering: [
      RuleExample(["CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)"]),
      RuleExample(
        ["CFBundleIdentifier": "com.example.app", "Price": "$5 (cheap)", "Tpl": "a $ {b}"],
        context: LintContext(isBuilt: true)),
    ],
    triggering: [
      RuleExample(
        [
          "CFBundleIdentifier": "$(PRODUCT_BUNDLE_IDENTIFIER)",
          "NSCameraUsageDescription": "${PRODUCT_NAME} scans codes",
          "SentryDSN": "$(SENTRY_DSN)",
          "CFBundleURLTypes": [["CFBundleURLSchemes": ["$(PRODUCT_BUNDLE_IDENTIFIER:lower)"]]],
        ],
        context: LintContext(isBuilt: true),
        expect: [
          "CFBundleIdentifier", "NSCameraUsageDescription", "SentryDSN",
          "CFBundleURLTypes[0].CFBundleURLSchemes[0]",
        ])
    ])

  func check(_ subject: LintSubject) -> [Finding] {
    if subject.context.isBuilt {
      var findings: [Finding] = []
      subject.root.walk { node, path in
        guard case .string(let text) = node.value else { return true }
        let found = Placeholder.all(in: text)
        guard !found.isEmpty else { return true }
        let list = found.map { "\"\($0)\"" }.joined(separator: ", ")
        findings.append(
          subject.finding(
            Self.description, at: path,
            "\(list) was not replaced when the bundle was built and ships as written; "
              + "define the build setting or write the value itself"))
        return true
      }
      return findings
    }
    // A missing .xcconfig may define the settings: say nothing then.
    guard let effective = subject.bundle?.effectiveInfoPlist, effective.issues.isEmpty else {
      return []
    }
    return effective.entries.filter { !$0.unresolved.isEmpty }.map { entry in
      let names = entry.unresolved.joined(separator: ", ")
      let plural = entry.unresolved.count > 1
      return subject.finding(
        Self.description, at: KeyPath([.key(entry.key)]),
        "\(entry.key) uses \(plural ? "settings" : "setting") \(names), which target "
          + "\(effective.target) (\(effective.configuration)) does not define; unless the "
          + "build environment sets \(plural ? "them" : "it"), Xcode writes an empty string "
          + "there", severity: .warning)
    }
  }
}
