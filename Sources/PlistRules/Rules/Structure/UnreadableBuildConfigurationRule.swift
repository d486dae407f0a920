import PlistBundle
import PlistCore

/// A configuration settings file (`.xcconfig`) a project names that cannot be read: a base
/// configuration or an `#include` that is missing, unreadable, outside the project folder, or
/// a line of one that is not a setting.
struct UnreadableBuildConfigurationRule: Rule {
  static let description = RuleDescription(
    identifier: "unreadable_build_configuration",
    name: "Unreadable Build Configuration",
    severity: .error,
    category: .structure,
    appliesTo: [.projectFile],
    summary: "Every configuration settings file (.xcconfig) a project names, as a base "
      + "configuration or through #include, exists and reads",
    rationale: """
      A build configuration can take its settings from a configuration settings file: its
      `baseConfigurationReference` in `project.pbxproj`, and the files that one brings in with
      `#include "…"` (`#include?` is optional and may be missing). Xcode's help on
      configuration settings files describes both. When the file is missing or cannot be
      read, `xcodebuild` stops with an error ("Unable to open base configuration reference
      file", as public build logs quote it), so this is an error, placed on the line that
      names the file. It also means infoscope does not know the settings the file would give
      (bundle identifier, versions, `INFOPLIST_KEY_*` values), so findings that depend on
      them may be missing until the file is there; a CocoaPods configuration under
      `Pods/Target Support Files` appears after `pod install`. A reference outside the
      project folder is a note, since infoscope does not read outside it and cannot tell. A
      line that is neither a setting nor an `#include` is a warning: Xcode's help on the file
      format says a file that breaks its rules gives build warnings, and infoscope skips the
      line. An include cycle or include nesting past infoscope's limits is a warning too.
      """,
    appleSource: AppleSource(
      title: "Adding a build configuration file to your project",
      url:
        "https://developer.apple.com/documentation/xcode/adding-a-build-configuration-file-to-your-project"
    ),
    nonTriggering: [
      example(base: "Base.xcconfig", files: ["Base.xcconfig": "PRODUCT_NAME = App\n"]),
      // An optional include may be missing.
      example(
        base: "Base.xcconfig",
        files: ["Base.xcconfig": "#include? \"Local.xcconfig\"\nPRODUCT_NAME = App\n"]),
      // No base configuration at all.
      example(base: nil),
    ],
    triggering: [
      // The project and the target configuration name the same missing file: one finding.
      example(
        base: "Base.xcconfig", projectToo: true,
        expect: ["objects.P1.baseConfigurationReference"]),
      example(base: "Base.xcconfig", expect: ["objects.T1.baseConfigurationReference"]),
      example(
        base: "Pods/Target Support Files/Pods-App/Pods-App.release.xcconfig",
        expect: ["objects.T1.baseConfigurationReference"], severity: .error),
      example(
        base: "Base.xcconfig",
        files: ["Base.xcconfig": "PRODUCT_NAME = App\n#include \"Shared.xcconfig\"\n"],
        expect: [""], severity: .error),
      example(
        base: "Base.xcconfig", files: ["Base.xcconfig": "PRODUCT_NAME App\n"], expect: [""],
        severity: .warning),
      example(
        base: "Base.xcconfig",
        files: ["Base.xcconfig": "#include \"../../Shared/Base.xcconfig\"\n"], expect: [""],
        severity: .note),
    ])

  /// A project whose target configuration `T1` (and the project's `P1` when `projectToo`)
  /// names `base` (a file in the project's main group), with `files` in its folder.
  static func example(
    base: String?, projectToo: Bool = false, files: [String: String] = [:],
    expect: [String] = [], severity: Severity? = nil, line: Int = #line
  ) -> RuleExample {
    let reference = base == nil ? "" : "baseConfigurationReference = F1;"
    let fileObject =
      base.map { "F1 = {isa = PBXFileReference; path = \"\($0)\"; sourceTree = \"<group>\";};" }
      ?? ""
    let text = """
      // !$*UTF8*$!
      {
        archiveVersion = 1;
        objectVersion = 77;
        objects = {
          R1 = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G1; targets = (N1);};
          G1 = {isa = PBXGroup; children = (\(base == nil ? "" : "F1")); sourceTree = "<group>";};
          \(fileObject)
          PL = {isa = XCConfigurationList; buildConfigurations = (P1);};
          P1 = {isa = XCBuildConfiguration; \(projectToo ? reference : "")
            name = Release; buildSettings = {};};
          N1 = {isa = PBXNativeTarget; name = App; buildConfigurationList = TL;
            productType = "com.apple.product-type.application";};
          TL = {isa = XCConfigurationList; buildConfigurations = (T1);};
          T1 = {isa = XCBuildConfiguration;
            \(reference)
            name = Release; buildSettings = {PRODUCT_NAME = App;};};
        };
        rootObject = R1;
      }
      """
    let projectFile = "App.xcodeproj/project.pbxproj"
    var tree = [projectFile: Array(text.utf8)]
    for (path, contents) in files { tree[path] = Array(contents.utf8) }
    let input = ProjectInput.load(
      tree: MemoryTree(name: "", files: tree), projects: ["App.xcodeproj"], inputPath: ".")
    var example = RuleExample(
      xml: text, role: .projectFile, expect: expect, severity: severity, line: line)
    example.path = projectFile
    example.input = input
    return example
  }

  func check(_ subject: LintSubject) -> [Finding] {
    guard let input = subject.input,
      let project = input.projects.first(where: { $0.projectFilePath == subject.path })
    else { return [] }
    // One finding per problem, on the first line that has it: a missing file many
    // configurations name is one finding that counts the others.
    var lines: [String: Set<String>] = [:]
    var first: [String: BundleError] = [:]
    let settings =
      project.projectConfigurations.values.sorted { $0.configuration < $1.configuration }
      + project.targets.flatMap { target in
        target.configurationNames.compactMap { target.configurations[$0] }
      }
    // The configurations' problems (a project's own, such as a missing target, are the
    // input's: `unreadable_input`).
    for problem in settings.flatMap(\.issues) {
      guard let line = problem.line, let path = problem.path else { continue }
      let key = "\(problem.kind):\(problem.message)"
      lines[key, default: []].insert("\(path):\(line)")
      if let old = first[key], (old.path ?? "", old.line ?? 0) <= (path, line) { continue }
      first[key] = problem
    }
    let problems = first.sorted {
      ($0.value.path ?? "", $0.value.line ?? 0) < ($1.value.path ?? "", $1.value.line ?? 0)
    }
    let document = input.file(at: subject.path)?.document?.root ?? subject.root
    return problems.map {
      finding(
        for: $0.value, others: (lines[$0.key]?.count ?? 1) - 1, in: subject, document: document)
    }
  }

  /// The finding for one problem: on the `baseConfigurationReference` entry when it is in the
  /// project file, else on the line of the `.xcconfig` that names the file.
  private func finding(
    for problem: BundleError, others: Int, in subject: LintSubject, document: PlistNode
  ) -> Finding {
    let line = problem.line ?? 0
    let path = problem.path ?? subject.path
    var keyPath = KeyPath.root
    var column = 1
    if path == subject.path, let place = Self.reference(onLine: line, in: document) {
      keyPath = place.keyPath
      column = place.column
    }
    let severity: Severity
    var message = problem.message
    switch problem.kind {
    case .notFound, .io:
      severity = .error
      message +=
        "; Xcode stops the build when it cannot read a configuration file, and infoscope "
        + "does not know the settings it would give, so findings that depend on them may be "
        + "missing"
      if message.contains("Pods/Target Support Files/") {
        message += " (CocoaPods writes this file: run pod install)"
      }
    case .unsafePath:
      severity = .note
      message +=
        ": the settings it gives are unknown here, so findings that depend on them "
        + "may be missing"
    default:
      severity = .warning
      message +=
        "; Xcode warns about a configuration file that breaks its format, and "
        + "infoscope skips what it cannot read"
    }
    if others > 0 {
      message += " (\(others) other configuration\(others == 1 ? "" : "s") name it too)"
    }
    var finding = subject.finding(Self.description, at: keyPath, message, severity: severity)
    finding.file = path
    finding.line = line
    finding.column = column
    if severity == .error {
      finding.noFixReason =
        "infoscope cannot make the file; add it at that path, or point the configuration at "
        + "the right file in Xcode"
    }
    return finding
  }

  /// The key path and column of the configuration entry (`baseConfigurationReference` or
  /// `baseConfigurationReferenceAnchor`) whose key is on `line` of the project file.
  static func reference(onLine line: Int, in root: PlistNode) -> (keyPath: KeyPath, column: Int)? {
    guard let objects = root.value.dictionaryValue?["objects"]?.value.dictionaryValue else {
      return nil
    }
    for object in objects.entries {
      guard let config = object.node.value.dictionaryValue else { continue }
      for entry in config.entries
      where entry.key.hasPrefix("baseConfigurationReference")
        && Int(entry.keyLocation.line) == line
      {
        return (
          KeyPath.root.appending(key: "objects").appending(key: object.key)
            .appending(key: entry.key), Int(entry.keyLocation.column)
        )
      }
    }
    return nil
  }
}
