import PlistBundle
import PlistCore

/// A built bundle whose executable imports required-reason APIs that its own privacy manifest
/// does not declare (or that has no privacy manifest at all).
struct RequiredReasonAPIWithoutDeclarationRule: Rule {
  static let description = RuleDescription(
    identifier: "required_reason_api_without_declaration",
    name: "Required Reason API Without Declaration",
    severity: .warning,
    category: .privacyManifest,
    appliesTo: [.infoPlist, .privacyManifest],
    summary: "A bundle whose executable uses a required-reason API declares its category in "
      + "its own privacy manifest",
    rationale: """
      Apple: an app or third-party SDK that uses a required-reason API must declare the API's
      category and an approved reason in `NSPrivacyAccessedAPITypes` of its privacy manifest,
      and each executable or dynamic library needs the manifest in its own bundle; uploads
      without the declaration have been refused since 1 May 2024 (ITMS-91053). This applies to
      iOS, iPadOS, tvOS, visionOS and watchOS, so the rule says nothing for macOS and Mac
      Catalyst bundles.

      App Store Connect makes the check on its side. Offline, the rule reads the symbols each
      built bundle's executable imports, from every slice's symbol table (`LC_SYMTAB`),
      chained fixups (`LC_DYLD_CHAINED_FIXUPS`) and dyld bind, weak-bind and lazy-bind
      opcodes (`LC_DYLD_INFO`), and matches those of the APIs Apple lists that leave a symbol:

      - file timestamps: `stat`, `fstat`, `fstatat`, `lstat`, `getattrlist`,
        `getattrlistbulk`, `fgetattrlist`, `getattrlistat`, and the keys `NSFileCreationDate`,
        `NSFileModificationDate` (`FileAttributeKey.creationDate`, `.modificationDate`),
        `NSURLCreationDateKey`, `NSURLContentModificationDateKey`;
      - system boot time: `mach_absolute_time`;
      - disk space: `statfs`, `statvfs`, `fstatfs`, `fstatvfs`, `getattrlist`,
        `fgetattrlist`, `getattrlistat`, and the keys `NSFileSystemFreeSize`,
        `NSFileSystemSize`, `NSURLVolumeAvailableCapacityKey` (and its important and
        opportunistic usage forms), `NSURLVolumeTotalCapacityKey`;
      - user defaults: the class `NSUserDefaults` (Swift's `UserDefaults` is this class).

      The finding is therefore inferred, and a warning:

      - Methods and properties on Apple's list (`fileModificationDate`, `systemUptime`,
        `activeInputModes`, `URLResourceValues` properties) leave no symbol, so the rule
        cannot see them, nor a function looked up at run time: no finding does not prove the
        manifest is complete.
      - A symbol shows the API is linked, not that it runs; a statically linked SDK's code is
        in the app's executable, and a manifest it ships in a resource bundle is not read here.

      The finding lands on `NSPrivacyAccessedAPITypes` of the bundle's `PrivacyInfo.xcprivacy`,
      or on the Info.plist when the bundle has no manifest. A manifest that does not parse is
      reported by the reader, not here.
      """,
    appleSource: AppleSource(
      title: "Describing use of required reason API",
      url:
        "https://developer.apple.com/documentation/bundleresources/"
        + "describing-use-of-required-reason-api"),
    itms: "ITMS-91053",
    nonTriggering: [
      RuleExample(declaring: [RequiredReasonSymbols.fileTimestamp], context: built)
        .inBundle(app(importing: ["stat", "fstat", "objc_msgSend"])),
      RuleExample(declaring: [], context: built)
        .inBundle(
          app(importing: [
            "objc_msgSend", "stats_report", "OBJC_CLASS_$_NSFileManager", "NSFileSize",
          ])),
      // Source, not a built bundle: the symbols are not there yet.
      RuleExample(declaring: [], context: LintContext(platforms: [.iOS]))
        .inBundle(app(importing: ["stat"])),
      // macOS: Apple asks for the declaration on the other platforms only.
      RuleExample(declaring: [], context: LintContext(platforms: [.macOS], isBuilt: true))
        .inBundle(app(importing: ["stat"], platforms: [.macOS])),
      // The Info.plist stays quiet when the bundle has a manifest: the finding goes there.
      RuleExample(["CFBundleExecutable": "App"], context: built)
        .inBundle(app(importing: ["stat"], manifest: true)),
      RuleExample(["CFBundleExecutable": "App"], context: built).inBundle(app(importing: [])),
      // Apple's own framework (XCTest, copied in by a test build) answers to Apple.
      RuleExample(["CFBundleIdentifier": "com.apple.dt.XCTest"], context: built)
        .inBundle(appleFramework(importing: ["mach_absolute_time"])),
    ],
    triggering: [
      RuleExample(
        declaring: [RequiredReasonSymbols.userDefaults], context: built,
        expect: ["NSPrivacyAccessedAPITypes"]
      ).inBundle(app(importing: ["stat", "lstat", "OBJC_CLASS_$_NSUserDefaults"])),
      // getattrlist counts for two categories: two findings.
      RuleExample(
        ["NSPrivacyTracking": false], role: .privacyManifest, context: built,
        expect: ["NSPrivacyAccessedAPITypes", "NSPrivacyAccessedAPITypes"]
      ).inBundle(app(importing: ["getattrlist"])),
      RuleExample(["CFBundleExecutable": "App"], context: built, expect: [""])
        .inBundle(app(importing: ["mach_absolute_time", "statfs"])),
      RuleExample(
        declaring: [RequiredReasonSymbols.fileTimestamp], context: built,
        expect: ["NSPrivacyAccessedAPITypes"]
      ).inBundle(app(importing: ["stat", "NSURLVolumeAvailableCapacityKey"])),
    ])

  /// A built iOS bundle, the context of most examples.
  private static let built = LintContext(platforms: [.iOS], isBuilt: true)

  /// An example app `App.app` whose executable imports `symbols`, with an (empty) privacy
  /// manifest when `manifest` is true.
  private static func app(
    importing symbols: Set<String>, manifest: Bool = false, platforms: [Platform] = [.iOS]
  ) -> BundleNode {
    var files = [BundleFile(path: "App.app/Info.plist", role: .infoPlist)]
    if manifest {
      files.append(BundleFile(path: "App.app/PrivacyInfo.xcprivacy", role: .privacyManifest))
    }
    var bundle = BundleNode(
      path: "App.app", kind: .application, layout: platforms == [.macOS] ? .deep : .shallow,
      files: files, platforms: platforms)
    bundle.executable = MachOFile.example(importing: symbols)
    return bundle
  }

  /// `XCTest.framework`, Apple's, whose executable imports `symbols`.
  private static func appleFramework(importing symbols: Set<String>) -> BundleNode {
    let info = PlistDocument(
      root: ["CFBundleIdentifier": "com.apple.dt.XCTest", "CFBundleExecutable": "XCTest"],
      format: .xml)
    var bundle = BundleNode(
      path: "App.app/Frameworks/XCTest.framework", kind: .framework, layout: .shallow,
      files: [
        BundleFile(
          path: "App.app/Frameworks/XCTest.framework/Info.plist", role: .infoPlist,
          document: info)
      ], platforms: [.iOS])
    bundle.executable = MachOFile.example(importing: symbols)
    return bundle
  }

  func check(_ subject: LintSubject) -> [Finding] {
    guard subject.context.isBuilt, let bundle = subject.bundle,
      let executable = bundle.executable, Self.needsDeclarations(subject.context, bundle),
      // Apple's own frameworks (XCTest copied in by a test build) are not third-party SDKs
      // whose manifests the app answers for.
      bundle.identifier?.hasPrefix("com.apple.") != true
    else { return [] }
    let uses = RequiredReasonSymbols.uses(executable.importedSymbols)
    guard !uses.isEmpty else { return [] }
    let name = bundle.info("CFBundleExecutable").map { "the executable \($0)" } ?? "the executable"
    if subject.role == .privacyManifest {
      let declared = Self.declaredCategories(subject.dictionary)
      let path = KeyPath.root.appending(key: "NSPrivacyAccessedAPITypes")
      return uses.filter { !declared.contains($0.category) }.map { use in
        subject.finding(
          Self.description, at: path,
          "\(name) imports \(Self.list(use.symbols)), which Apple lists under "
            + "\(use.category), but NSPrivacyAccessedAPITypes has no entry for it; add one "
            + "with the approved reason that fits (ITMS-91053; inferred from the imported "
            + "symbols)")
      }
    }
    // The Info.plist speaks only for a bundle without any manifest.
    guard !bundle.files.contains(where: { $0.role == .privacyManifest }) else { return [] }
    let described = uses.map { "\($0.category) (\(Self.list($0.symbols)))" }
    return [
      subject.finding(
        Self.description, at: .root,
        "\(name) imports required-reason APIs of \(described.joined(separator: ", ")), but "
          + "the bundle has no PrivacyInfo.xcprivacy; add one that declares "
          + (uses.count == 1 ? "this category" : "these categories")
          + " in NSPrivacyAccessedAPITypes with approved reasons (ITMS-91053; inferred from the "
          + "imported symbols)")
    ]
  }

  /// True when the bundle targets a platform where Apple asks for the declaration (all but
  /// macOS and Mac Catalyst); with unknown platforms, when its layout is not macOS's.
  private static func needsDeclarations(_ context: LintContext, _ bundle: BundleNode) -> Bool {
    guard !context.platforms.isEmpty else { return bundle.layout == .shallow }
    return context.platforms.contains { $0 != .macOS && $0 != .macCatalyst }
  }

  /// The categories a manifest's `NSPrivacyAccessedAPITypes` entries name.
  private static func declaredCategories(_ manifest: PlistDictionary?) -> Set<String> {
    let items = manifest?["NSPrivacyAccessedAPITypes"]?.value.arrayValue ?? []
    return Set(
      items.compactMap {
        $0.value.dictionaryValue?["NSPrivacyAccessedAPIType"]?.value.stringValue
      })
  }

  /// Up to three symbols, and how many more.
  private static func list(_ symbols: [String]) -> String {
    let shown = symbols.prefix(3).joined(separator: ", ")
    return symbols.count > 3 ? "\(shown) and \(symbols.count - 3) more" : shown
  }
}

extension RuleExample {
  /// A privacy-manifest example declaring `categories` (each with one reason the category
  /// accepts).
  fileprivate init(
    declaring categories: [String], context: LintContext, expect: [String] = [],
    file: String = #filePath, line: Int = #line
  ) {
    let reasons = [
      RequiredReasonSymbols.fileTimestamp: "C617.1",
      RequiredReasonSymbols.systemBootTime: "35F9.1",
      RequiredReasonSymbols.diskSpace: "E174.1",
      RequiredReasonSymbols.userDefaults: "CA92.1",
    ]
    let entries: [PlistNode] = categories.map { category in
      [
        "NSPrivacyAccessedAPIType": PlistNode(.string(category)),
        "NSPrivacyAccessedAPITypeReasons": [PlistNode(.string(reasons[category] ?? ""))],
      ]
    }
    self.init(
      ["NSPrivacyAccessedAPITypes": PlistNode(.array(entries))], role: .privacyManifest,
      context: context, expect: expect, file: file, line: line)
  }
}
