import PlistBundle
import PlistCore

/// What the executable rules share: which bundles they judge, and how they name the binary.
enum ExecutableFacts {
  /// The platforms whose apps go through App Store Connect's iOS-family checks.
  static let devicePlatforms: Set<Platform> = [.iOS, .iPadOS, .tvOS, .watchOS, .visionOS]

  /// True when the subject is a built bundle for iOS, iPadOS, tvOS, watchOS or visionOS and
  /// not for macOS or Mac Catalyst (from the platforms the bundle was found to target).
  static func isDeviceBuild(_ subject: LintSubject) -> Bool {
    let platforms = Set(subject.context.platforms)
    return subject.context.isBuilt && !platforms.isDisjoint(with: devicePlatforms)
      && platforms.isDisjoint(with: [.macOS, .macCatalyst])
  }

  /// The executable's path inside the input (`Frameworks/Kit.framework/Kit`), or its name
  /// from `CFBundleExecutable`, or "the executable".
  static func name(of bundle: BundleNode) -> String {
    bundle.files.first { $0.role == .executable }?.path
      ?? bundle.info("CFBundleExecutable") ?? "the executable"
  }

  /// Where a finding about the executable lands: `CFBundleExecutable` when the Info.plist has
  /// it, else the root.
  static func keyPath(_ subject: LintSubject) -> KeyPath {
    subject.dictionary?["CFBundleExecutable"] != nil
      ? KeyPath([.key("CFBundleExecutable")]) : .root
  }

  /// A list of names as App Store Connect writes architectures: `[x86_64, i386]`.
  static func bracketed(_ names: [String]) -> String { "[" + names.joined(separator: ", ") + "]" }
}
