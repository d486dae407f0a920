import PlistBundle
import PlistCore
import PlistEditing
import PlistRules

/// One opened bundle: its property lists arranged as the tree the user browses, and the
/// findings about them.
///
/// The tree is a forest. Files that belong to no bundle are roots; each app, extension or
/// framework is a branch holding its files and its nested bundles. A file's rows are its
/// property list's nodes, addressed by index paths (``OutlineItem``).
package struct Session: Sendable {
  /// One file shown in the tree.
  package struct File: Sendable {
    /// The path as `infoscope files` lists it (and as findings name it).
    package var path: String
    /// What the file is to its bundle.
    package var role: FileRole
    /// The property list, when the file parsed; `nil` for a file shown only for its findings
    /// or its problem.
    package var document: PlistDocument?
    /// Why the file could not be read, when it could not.
    package var problem: String?
    /// The branch that holds it, or `nil` for a root.
    package var branch: Int?
    /// Size in bytes on disk (0 when generated).
    package var size: Int
    /// Whether the build system generates it (a project's effective Info.plist).
    package var isGenerated: Bool
    /// Where it sits in ``Session/bundle``, whose tree the linter reads: an edit's tree goes
    /// there by this place, not by a search for its path.
    package var place: AppBundle.FilePlace? = nil

    /// The root node, when the file parsed.
    package var root: PlistNode? { document?.root }
    /// The last path component.
    package var name: String { path.split(separator: "/").last.map(String.init) ?? path }
  }

  /// One bundle shown as a branch.
  package struct Branch: Sendable {
    /// The bundle's path inside the input.
    package var path: String
    /// App, extension, framework.
    package var kind: BundleKind
    /// The platforms it targets.
    package var platforms: [Platform]
    /// `CFBundleIdentifier`, when known.
    package var identifier: String?
    /// `CFBundleShortVersionString (CFBundleVersion)`, when known.
    package var version: String?
    /// The branch that holds it, or `nil` for a root.
    package var parent: Int?
    /// Its rows, in order: files first, then nested bundles.
    package var children: [OutlineItem]

    /// The last path component.
    package var name: String { path.split(separator: "/").last.map(String.init) ?? path }
  }

  /// What was opened (the path given, or `demo`).
  package var title: String
  /// The loaded bundle.
  package var bundle: AppBundle
  /// Files, in the order they were found.
  package internal(set) var files: [File] = [] {
    didSet { lookup = NodeLookup() }
  }
  /// The nodes along the path `node(_:)` walked last; replaced (never changed) when `files`
  /// changes, so copies of the session that share it stay right.
  var lookup = NodeLookup()
  /// Bundles.
  package internal(set) var branches: [Branch] = []
  /// The top-level rows.
  package internal(set) var roots: [OutlineItem] = []
  /// Every finding, in the linter's order.
  package internal(set) var findings: [Finding] = []
  /// Where each finding lands in the tree (same order as ``findings``); nil for a finding
  /// with no row to land on (an `.ipa` that holds nothing has no rows at all).
  package internal(set) var findingItems: [OutlineItem?] = []
  /// The worst severity at each row with a finding and at every ancestor of one.
  package private(set) var markers: [OutlineItem: Severity] = [:]
  /// Whether a row itself (not a descendant) has a finding.
  package private(set) var ownFindings: [OutlineItem: [Int]] = [:]
  /// Counts of findings per severity.
  package private(set) var counts: [Severity: Int] = [:]
  /// The place of each file and bundle row in document order (see ``precedesInDocument(_:_:)``).
  private var documentRanks: [OutlineItem: Int] = [:]
  /// The linter that produced ``findings``; run again after every edit.
  package var linter: Linter
  /// Whether the bundle lives only in memory (the sample), so nothing can be saved.
  package var isInMemory = false
  /// Editable documents, by file index, made on first edit.
  package internal(set) var documents: [Int: Document] = [:]
  /// What each file on disk looked like when its document was made, to notice outside changes.
  package internal(set) var fingerprints: [Int: FileFingerprint] = [:]
  /// For each file inside an `.ipa` made editable, the hash of the tree its edits are made on
  /// (``originalHash(_:)``), which its recovery records.
  package internal(set) var archiveHashes: [Int: UInt64] = [:]
  /// Counts changes to the trees (edits, undo, redo, restores), so the loop knows when the
  /// recovery file is out of date.
  package internal(set) var editGeneration = 0
  /// Where unsaved edits are kept every few seconds, when the session writes them.
  package var recovery: RecoveryStore?
  /// Files on disk made editable since the view last asked (``takeOpenedFiles()``): the loop
  /// takes each one's fingerprint then (``Effect/fingerprint(file:path:)``).
  package internal(set) var openedForEditing: [FileLocation] = []
  /// Files in the order their steps were done (for undo across files).
  var history: [Int] = []
  /// Files in the order their steps were undone (for redo).
  var redoHistory: [Int] = []
  /// How each file's tree changed since the view last asked (``takeTreeChanges()``), in
  /// order: the edits applied, or nil when the file was read again (its rows are new).
  package internal(set) var treeChanges: [(file: Int, edits: [Edit]?)] = []
  /// What changed since OLD, when the session shows a comparison (`infoscope diff`); such a
  /// session is read-only.
  package internal(set) var comparison: SessionComparison?

  /// Arranges `bundle` and lints it.
  ///
  /// - Parameters:
  ///   - title: what the title bar calls it (usually the path the user gave).
  ///   - bundle: the loaded input.
  ///   - linter: the linter to run now and after every edit.
  package init(title: String, bundle: AppBundle, linter: Linter = Linter()) {
    self.init(title: title, bundle: bundle, linter: linter, comparison: nil)
  }

  /// Arranges `bundle` (with what `comparison` put back, when it shows one) and lints it.
  init(title: String, bundle: AppBundle, linter: Linter, comparison: SessionComparison?) {
    self.title = title
    self.bundle = bundle
    self.linter = linter
    self.comparison = comparison
    arrange()
    putBackRemoved()
    rankRows()
    if var view = self.comparison {
      let marked =
        view.changes.keys.filter { !view.mirrored.contains($0) }
        + view.rowMarks.keys.filter { !view.removedWithBundle.contains($0) }
      view.stops = marked.sorted { precedesInDocument($0, $1) }
      self.comparison = view
    }
    relint()
  }

  private mutating func arrange() {
    func add(_ file: BundleFile, branch: Int?, place: AppBundle.FilePlace) -> OutlineItem? {
      // A property list, one that did not parse, or an Assets.car that did not read (its
      // finding needs a row to land on).
      guard
        file.document != nil || file.problem?.kind == .plist
          || (file.problem != nil
            && [.assetCatalog, .appIconSet, .iconComposer].contains(file.role))
      else { return nil }
      files.append(
        File(
          path: file.path, role: file.role, document: file.document,
          problem: file.problem.map { $0.message }, branch: branch, size: file.size,
          isGenerated: file.isGenerated, place: place))
      return .node(file: files.count - 1, path: [])
    }
    for (i, file) in bundle.files.enumerated() {
      if let item = add(file, branch: nil, place: .init(bundle: [], index: i)) {
        roots.append(item)
      }
    }
    func visit(_ node: BundleNode, parent: Int?, at indices: [Int]) -> OutlineItem {
      let index = branches.count
      let version = Self.version(of: node)
      // A bundle opened at its own folder has the empty path; show the input's name instead.
      let inputName =
        bundle.inputPath.split(separator: "/").last.map(String.init) ?? bundle.inputPath
      branches.append(
        Branch(
          path: node.path.isEmpty ? inputName : node.path, kind: node.kind,
          platforms: node.platforms,
          identifier: node.identifier, version: version, parent: parent, children: []))
      var children: [OutlineItem] = []
      // In a project, the source Info.plist comes first, then the one the build generates
      // from it.
      var ordered = Array(node.files.enumerated())
      if let source = node.effectiveInfoPlist?.sourceFile?.path,
        let s = ordered.firstIndex(where: { $0.element.path == source && !$0.element.isGenerated }),
        let g = ordered.firstIndex(where: \.element.isGenerated), g < s
      {
        let file = ordered.remove(at: s)
        ordered.insert(file, at: g)
      }
      for (i, file) in ordered {
        if let item = add(file, branch: index, place: .init(bundle: indices, index: i)) {
          children.append(item)
        }
      }
      for (c, child) in node.children.enumerated() {
        children.append(visit(child, parent: index, at: indices + [c]))
      }
      branches[index].children = children
      return .branch(index)
    }
    for (b, node) in bundle.bundles.enumerated() {
      roots.append(visit(node, parent: nil, at: [b]))
    }
  }

  /// Ranks the file and bundle rows in document order: a depth-first walk, a bundle before
  /// its rows.
  private mutating func rankRows() {
    documentRanks = [:]
    var stack = Array(roots.reversed())
    while let item = stack.popLast() {
      documentRanks[item] = documentRanks.count
      if case .branch(let b) = item { stack += branches[b].children.reversed() }
    }
  }

  /// What an object of a `project.pbxproj` is, as Xcode's comment beside its identifier says:
  /// its `isa` and its name (`XCBuildConfiguration Release`, `PBXNativeTarget Mastodon`,
  /// `PBXBuildFile AppDelegate.swift`); nil for any other row.
  package func projectObjectLabel(_ item: OutlineItem) -> String? {
    guard case .node(let file, let path) = item, path.count == 2, files[file].role == .projectFile,
      let objects = files[file].root?.value.dictionaryValue?.entries, path[0] < objects.count,
      objects[path[0]].key == "objects",
      let table = objects[path[0]].node.value.dictionaryValue, path[1] < table.entries.count,
      let object = table.entries[path[1]].node.value.dictionaryValue,
      let isa = object["isa"]?.value.stringValue
    else { return nil }
    func name(_ object: PlistDictionary) -> String? {
      for key in ["name", "productName", "path"] {
        if let text = object[key]?.value.stringValue, !text.isEmpty {
          return key == "path" ? text.split(separator: "/").last.map(String.init) ?? text : text
        }
      }
      return nil
    }
    var label: String?
    switch isa {
    case "PBXBuildFile":
      let reference = (object["fileRef"] ?? object["productRef"])?.value.stringValue
      label = reference.flatMap { table[$0]?.value.dictionaryValue }.flatMap(name)
    case "PBXSourcesBuildPhase": label = "Sources"
    case "PBXFrameworksBuildPhase": label = "Frameworks"
    case "PBXResourcesBuildPhase": label = "Resources"
    case "PBXHeadersBuildPhase": label = "Headers"
    case "PBXProject": label = "Project object"
    case "XCRemoteSwiftPackageReference":
      label = object["repositoryURL"]?.value.stringValue?.split(separator: "/").last.map(
        String.init)
    default: label = name(object)
    }
    return label.map { "\(isa) \($0)" } ?? isa
  }

  /// Where the value of a generated Info.plist's row comes from (its top-level key's entry in
  /// the project's effective Info.plist), or nil for any other row.
  package func provenance(of item: OutlineItem) -> EffectiveInfoPlistEntry? {
    guard case .node(let file, let path) = item, let first = path.first, files[file].isGenerated,
      let key = self.key(.node(file: file, path: [first]))
    else { return nil }
    return effectiveInfoPlist(of: file)?.entries.first { $0.key == key }
  }

  /// The project's effective Info.plist that generated file `file` shows, or nil.
  ///
  /// Looked up each time: editing the source Info.plist merges it again.
  func effectiveInfoPlist(of file: Int) -> EffectiveInfoPlist? {
    let path = files[file].path
    return bundle.allBundles.first { node in
      node.effectiveInfoPlist != nil && node.files.contains { $0.path == path }
    }?.effectiveInfoPlist
  }

  /// Whether row `a` comes before row `b` in document order (the order of the fully expanded
  /// tree), whatever is expanded now.
  package func precedesInDocument(_ a: OutlineItem, _ b: OutlineItem) -> Bool {
    func place(_ item: OutlineItem) -> (rank: Int, path: [Int]) {
      switch item {
      case .branch: (documentRanks[item] ?? Int.max, [])
      case .node(let file, let path): (documentRanks[.node(file: file, path: [])] ?? Int.max, path)
      }
    }
    let (x, y) = (place(a), place(b))
    return x.rank != y.rank ? x.rank < y.rank : x.path.lexicographicallyPrecedes(y.path)
  }

  /// `CFBundleShortVersionString (CFBundleVersion)` of a bundle, as its row shows it.
  static func version(of node: BundleNode) -> String? {
    switch (node.shortVersion, node.buildVersion) {
    case (let short?, let build?): "\(short) (\(build))"
    case (let short?, nil): short
    case (nil, let build?): "(\(build))"
    default: nil
    }
  }

  /// Runs the linter again over the bundle and re-indexes the findings.
  package mutating func relint() {
    // Bundle rows follow edits of their identifier and version (branches are in the order
    // of `allBundles`, as `arrange` visits them).
    for (b, node) in bundle.allBundles.enumerated() where b < branches.count {
      branches[b].identifier = node.identifier
      branches[b].version = Self.version(of: node)
    }
    // Files that do not parse come back from the linter as `unreadable_property_list`; a
    // comparison's release checks are NEW's findings too.
    let found = linter.lint(bundle) + (comparison?.comparison.releaseFindings ?? [])
    // The same finding can come twice when inputs overlap; keep one.
    var seen: Set<String> = []
    findings = found.filter {
      seen.insert("\($0.file)|\($0.line)|\($0.column)|\($0.ruleID)|\($0.message)").inserted
    }
    let fileIndex = Dictionary(
      files.enumerated().map { ($0.element.path, $0.offset) }, uniquingKeysWith: { a, _ in a })
    findingItems = []
    markers = [:]
    ownFindings = [:]
    counts = [:]
    for (n, finding) in findings.enumerated() {
      counts[finding.severity, default: 0] += 1
      let place: OutlineItem?
      if let file = fileIndex[finding.file] {
        place = .node(file: file, path: indexPath(of: finding.keyPath, in: file))
      } else if let branch = branches.firstIndex(where: { finding.file.hasPrefix($0.path + "/") }) {
        place = .branch(branch)
      } else {
        place = roots.first
      }
      findingItems.append(place)
      guard let item = place else { continue }
      mark(item, with: n)
    }
    mirrorOntoGeneratedFiles()
    groupFindings()
  }

  /// Records finding `n` as row `item`'s own and marks the row and its ancestors.
  private mutating func mark(_ item: OutlineItem, with n: Int) {
    ownFindings[item, default: []].append(n)
    let severity = findings[n].severity
    var current: OutlineItem? = item
    while let at = current {
      if let worst = markers[at], worst >= severity { break }
      markers[at] = max(markers[at] ?? .note, severity)
      current = parent(of: at)
    }
  }

  /// A project's generated Info.plist shows the findings of the values it took: a finding on
  /// a key of the source Info.plist, or on the line of the build setting that gave a value,
  /// also marks the generated key's row (the finding itself stays where lint reports it).
  private mutating func mirrorOntoGeneratedFiles() {
    guard files.contains(where: \.isGenerated) else { return }
    // Findings by file, once: each value's origin is compared with its own file's only.
    var byFile: [String: [Int]] = [:]
    for (n, finding) in findings.enumerated() { byFile[finding.file, default: []].append(n) }
    for (g, file) in files.enumerated() where file.isGenerated {
      guard let entries = file.root?.value.dictionaryValue?.entries,
        let effective = effectiveInfoPlist(of: g)
      else { continue }
      var byKey: [String: EffectiveInfoPlistEntry] = [:]
      for entry in effective.entries { byKey[entry.key] = entry }
      for (i, entry) in entries.enumerated() {
        guard let source = byKey[entry.key] else { continue }
        for origin in source.mergedFrom + [source.source] {
          let took: [Int]
          switch origin {
          case .file(let path, _) where path != file.path:
            took = (byFile[path] ?? []).filter {
              findings[$0].keyPath.components.first == .key(entry.key)
            }
          case .buildSetting(_, let setting) where setting.level != .builtin && setting.line > 0:
            took = (byFile[setting.path] ?? []).filter { findings[$0].line == setting.line }
          default:
            took = []
          }
          for n in took {
            // On the same key inside the generated file, as deep as it goes there.
            let deep = indexPath(of: findings[n].keyPath, in: g)
            let target = OutlineItem.node(file: g, path: deep.first == i ? deep : [i])
            if ownFindings[target]?.contains(n) != true { mark(target, with: n) }
          }
        }
      }
    }
  }

  /// The index path of the node `keyPath` names in file `file`, as deep as it resolves (a
  /// missing key lands on the dictionary that should hold it).
  package func indexPath(of keyPath: KeyPath, in file: Int) -> [Int] {
    guard let root = files[file].root else { return [] }
    // Items put back from OLD before it move it down (a comparison's tree).
    return root.resolve(keyPath) { parent, index in
      comparison?.shownIndex(file: file, parent: parent, index) ?? index
    }.indexPath
  }
}
