import PlistCore

/// Finds the files of one bundle folder and of the bundles it holds, over any `FileTree`.
///
/// Where things live follows Apple's "Placing content in a bundle"
/// (https://developer.apple.com/documentation/bundleresources/placing-content-in-a-bundle):
/// iOS-style bundles keep `Info.plist`, the executable and resources at the root; macOS bundles
/// keep them in `Contents/`, `Contents/MacOS/` and `Contents/Resources/`. Nested bundles are
/// looked for in `PlugIns/`, `Extensions/`, `Watch/`, `AppClips/`, `Frameworks/` and, on macOS,
/// `Contents/XPCServices/`, `Contents/Library/LoginItems/` and
/// `Contents/Library/SystemExtensions/`. Symbolic links are never followed.
package struct BundleWalker: Sendable {
  /// The tree the bundle lies in, its reads charged to `budget`.
  package let tree: any FileTree
  /// The bytes read for the whole input, shared by every walker of it.
  package let budget: BundleReadBudget
  /// The most bytes read from one property list.
  package var maxPropertyListBytes = 256 << 20
  /// The deepest chain of bundles inside bundles that is walked.
  package var maxNesting = 8
  /// The most bytes read from one executable to find its code signature.
  package var maxExecutableBytes = 1 << 30
  /// The most bytes read from one compiled asset catalog (`Assets.car`).
  package var maxAssetCatalogBytes = 512 << 20
  /// Whether the bundles a bundle holds are walked at once on the machine's cores (each
  /// bundle's files are still read in order, and the bundles come back in order).
  ///
  /// The tree is the same either way, except for which file is refused first when the input
  /// passes its read budget (`BundleReadBudget`).
  package var isParallel = false

  /// Creates a walker over `tree` whose reads are charged to `budget` (a fresh default
  /// budget of `BundleReadBudget.defaultMaxBytes` unless given).
  package init(tree: any FileTree, budget: BundleReadBudget = BundleReadBudget()) {
    self.budget = budget
    self.tree = BudgetedTree(base: tree, budget: budget)
  }

  /// The places nested bundles live, relative to the bundle folder, with their kind.
  static let nestedPlaces: [(folder: String, suffix: String, kind: BundleKind)] = [
    ("PlugIns", ".appex", .appExtension),
    // A test bundle a test build copies into its host app.
    ("PlugIns", ".xctest", .bundle),
    ("Extensions", ".appex", .appExtension),
    ("Watch", ".app", .watchApplication),
    ("AppClips", ".app", .appClip),
    ("Frameworks", ".framework", .framework),
    ("Contents/PlugIns", ".appex", .appExtension),
    ("Contents/Extensions", ".appex", .appExtension),
    ("Contents/Frameworks", ".framework", .framework),
    ("Contents/XPCServices", ".xpc", .xpcService),
    ("Contents/Library/LoginItems", ".app", .loginItem),
    ("Contents/Library/SystemExtensions", ".systemextension", .systemExtension),
  ]

  /// The kind of a bundle folder from its name alone.
  package static func kind(ofFolder name: String) -> BundleKind? {
    switch name.split(separator: ".").last.map({ $0.lowercased() }) {
    case "app": .application
    case "appex": .appExtension
    case "framework": .framework
    case "xpc": .xpcService
    case "systemextension": .systemExtension
    case "bundle", "plugin", "kext", "qlgenerator", "mdimporter", "saver", "xctest": .bundle
    default: nil
    }
  }

  /// Walks the bundle folder at `path`.
  ///
  /// - Parameters:
  ///   - path: the folder's path in the tree (`""` when the tree is the bundle).
  ///   - kind: what kind of bundle it is.
  ///   - depth: how deep inside other bundles it lies.
  /// - Returns: the bundle, its files and the bundles it holds; files that cannot be read are
  ///   kept with their `problem`.
  package func walk(_ path: String, kind: BundleKind, depth: Int = 0) -> BundleNode {
    let layout = layout(of: path)
    let contents = contentsFolder(path, layout)
    let resources = resourcesFolder(path, layout)
    var files: [BundleFile] = []
    let infoPath = join(layout == .shallow ? path : resources, "Info.plist")
    let infoAt = layout == .deep ? join(contents, "Info.plist") : infoPath
    if tree.entry(at: infoAt) != nil {
      files.append(readPropertyList(infoAt, role: .infoPlist))
    }
    let info = files.first?.document?.root.value.dictionaryValue
    for name in ["PrivacyInfo.xcprivacy"] {
      for folder in Set([contents, resources]) where tree.entry(at: join(folder, name)) != nil {
        files.append(readPropertyList(join(folder, name), role: .privacyManifest))
      }
    }
    for name in ["embedded.mobileprovision", "embedded.provisionprofile"] {
      let candidate = join(contents, name)
      if let entry = tree.entry(at: candidate), entry.kind == .file {
        do {
          let bytes = try tree.contents(of: candidate, limit: 8 << 20)
          files.append(FileReaders.profile(bytes, path: candidate))
        } catch {
          files.append(
            BundleFile(
              path: candidate, role: .provisioningProfile, size: entry.size,
              problem: error.at(candidate)))
        }
      }
    }
    files += localizedInfoPlists(in: resources)
    if let catalog = assetCatalog(in: resources) { files.append(catalog) }
    files += namedFiles(
      info: info, path: path, layout: layout, contents: contents,
      resources: resources)
    var machO: MachOFile?
    if let index = files.firstIndex(where: { $0.role == .executable && $0.problem == nil }) {
      let executablePath = files[index].path
      do {
        let bytes = try tree.contents(of: executablePath, limit: maxExecutableBytes)
        let read = FileReaders.executable(bytes, path: executablePath)
        files.replaceSubrange(index...index, with: read.files)
        machO = read.machO
      } catch {
        files[index].problem = error.at(executablePath)
      }
    }
    var children: [BundleNode] = []
    let frameworks = join(path, layout == .deep ? "Contents/Frameworks" : "Frameworks")
    let frameworksFolder: [String]? =
      tree.entry(at: frameworks)?.kind == .directory
      ? ((try? tree.children(of: frameworks)) ?? []).map(\.name) : nil
    if depth < maxNesting {
      var nested: [(path: String, kind: BundleKind)] = []
      for place in BundleWalker.nestedPlaces {
        let folder = join(path, place.folder)
        guard tree.entry(at: folder)?.kind == .directory,
          let entries = try? tree.children(of: folder)
        else { continue }
        for entry in entries
        where entry.kind == .directory && entry.name.lowercased().hasSuffix(place.suffix) {
          nested.append((entry.path, place.kind))
        }
      }
      children = walk(nested, depth: depth + 1)
      children += resourceBundles(in: resources, depth: depth)
    }
    var node = BundleNode(
      path: path, kind: kind, layout: layout, files: files, children: children,
      platforms: PlatformDetector.platforms(info: info, layout: layout, executable: machO))
    node.executable = machO
    node.frameworksFolder = frameworksFolder
    return node
  }

  /// The bundle folders `bundles`, each walked at `depth`, in order (at once on the
  /// machine's cores when `isParallel`).
  func walk(_ bundles: [(path: String, kind: BundleKind)], depth: Int) -> [BundleNode] {
    let walker = self
    return Parallel.map(bundles.count, serially: !isParallel) { n in
      walker.walk(bundles[n].path, kind: bundles[n].kind, depth: depth)
    }
  }

  /// The resource bundles (`*.bundle` folders) in `folder`, the bundle's resources folder,
  /// walked as bundles of kind `.bundle` (their Info.plist and executable, when they name
  /// one, and the bundles they hold).
  func resourceBundles(in folder: String, depth: Int) -> [BundleNode] {
    guard let entries = try? tree.children(of: folder) else { return [] }
    let folders = entries.filter {
      $0.kind == .directory && $0.name.lowercased().hasSuffix(".bundle")
    }.map { (path: $0.path, kind: BundleKind.bundle) }
    return walk(folders, depth: depth + 1).filter { !$0.files.isEmpty || !$0.children.isEmpty }
  }

  /// Reads and parses the property list at `path`, keeping any error on the file.
  package func readPropertyList(_ path: String, role: FileRole) -> BundleFile {
    let size = tree.entry(at: path)?.size ?? 0
    do {
      let bytes = try tree.contents(of: path, limit: maxPropertyListBytes)
      return FileReaders.propertyList(bytes, path: path, role: role)
    } catch {
      return BundleFile(path: path, role: role, size: size, problem: error.at(path))
    }
  }

  /// The compiled asset catalog `Assets.car` in the resources folder, read; nil when there is
  /// none.
  func assetCatalog(in resources: String) -> BundleFile? {
    let path = join(resources, "Assets.car")
    guard let entry = tree.entry(at: path), entry.kind == .file else { return nil }
    do {
      let bytes = try tree.contents(of: path, limit: maxAssetCatalogBytes)
      return FileReaders.assetCatalog(bytes, path: path)
    } catch {
      return BundleFile(
        path: path, role: .assetCatalog, size: entry.size, problem: error.at(path))
    }
  }

  // MARK: Layout

  func layout(of path: String) -> BundleLayout {
    if tree.entry(at: join(path, "Contents"))?.kind == .directory { return .deep }
    if tree.entry(at: join(path, "Versions"))?.kind == .directory,
      tree.entry(at: join(path, "Info.plist")) == nil
    {
      return .versionedFramework
    }
    return .shallow
  }

  func contentsFolder(_ path: String, _ layout: BundleLayout) -> String {
    switch layout {
    case .shallow: path
    case .deep: join(path, "Contents")
    case .versionedFramework: versionFolder(path)
    }
  }

  func resourcesFolder(_ path: String, _ layout: BundleLayout) -> String {
    switch layout {
    case .shallow: path
    case .deep: join(path, "Contents/Resources")
    case .versionedFramework: join(versionFolder(path), "Resources")
    }
  }

  /// The real version folder of a versioned framework (`Versions/A`), not the `Current` link.
  func versionFolder(_ path: String) -> String {
    let versions = join(path, "Versions")
    let real = (try? tree.children(of: versions))?.first { $0.kind == .directory }
    return real?.path ?? join(versions, "A")
  }

  func join(_ a: String, _ b: String) -> String { TreePath.join(a, b) }

  // MARK: Files named by the bundle

  /// Every `*.lproj/InfoPlist.strings` (any letter case: a wrongly cased name is kept so that a
  /// rule can say so) in the resources folder.
  func localizedInfoPlists(in resources: String) -> [BundleFile] {
    guard let entries = try? tree.children(of: resources) else { return [] }
    var found: [BundleFile] = []
    for folder in entries where folder.kind == .directory && folder.name.hasSuffix(".lproj") {
      guard let inside = try? tree.children(of: folder.path) else { continue }
      for file in inside where file.kind == .file {
        let lower = file.name.lowercased()
        if lower == "infoplist.strings" {
          found.append(readPropertyList(file.path, role: .infoPlistStrings))
        }
      }
    }
    return found
  }

  /// The executable, icon images and launch storyboard the Info.plist names; a name with no
  /// file behind it is kept with a `.notFound` problem.
  func namedFiles(
    info: PlistDictionary?, path: String, layout: BundleLayout, contents: String,
    resources: String
  ) -> [BundleFile] {
    guard let info else { return [] }
    var files: [BundleFile] = []
    if let executable = info["CFBundleExecutable"]?.value.stringValue, !executable.isEmpty,
      !executable.contains("$(")
    {
      let folder = layout == .deep ? join(contents, "MacOS") : contents
      let candidate = join(folder, executable)
      if let entry = tree.entry(at: candidate), entry.kind == .file {
        files.append(BundleFile(path: candidate, role: .executable, size: entry.size))
      } else {
        files.append(
          BundleFile(
            path: candidate, role: .executable,
            problem: BundleError(
              .notFound, "CFBundleExecutable names \"\(executable)\", which is not in the bundle",
              path: candidate)))
      }
    }
    files += iconImages(info: info, folder: resources)
    // The launch storyboard, and the device-specific ones (`UILaunchStoryboardName~ipad`).
    var storyboards: [String] = []
    for entry in info.entries
    where entry.key == "UILaunchStoryboardName"
      || ["uilaunchstoryboardname~ipad", "uilaunchstoryboardname~iphone"].contains(
        entry.key.lowercased())
    {
      guard let name = entry.node.value.stringValue, !name.isEmpty,
        !storyboards.contains(name)
      else { continue }
      storyboards.append(name)
      files.append(launchStoryboard(name, resources: resources, key: entry.key))
    }
    return files
  }

  /// The icon images the Info.plist names, and the legacy PNGs of its icon set.
  ///
  /// Names come from `CFBundleIcons` / `CFBundleIcons~ipad` (`CFBundleIconFiles` of the
  /// primary icon and of each alternate icon), the older `CFBundleIconFiles`, and
  /// `CFBundleIconFile`; each name matches its `@2x`, `@3x` and `~ipad` variants, as iOS looks
  /// them up. The legacy PNGs Xcode copies beside `Assets.car` for the icon set that
  /// `CFBundleIconName` names (`AppIcon60x60@2x.png`, `AppIcon76x76~ipad.png`) are read too,
  /// whether or not `CFBundleIconFiles` lists them.
  func iconImages(info: PlistDictionary, folder: String) -> [BundleFile] {
    let names = Self.iconFileNames(info)
    var setNames: [String] = []
    if let name = info["CFBundleIconName"]?.value.stringValue, !name.isEmpty {
      setNames.append(name)
    }
    for key in ["CFBundleIcons", "CFBundleIcons~ipad"] {
      let primary = info[key]?.value.dictionaryValue?["CFBundlePrimaryIcon"]?.value
      if let name = primary?.dictionaryValue?["CFBundleIconName"]?.value.stringValue,
        !name.isEmpty
      {
        setNames.append(name)
      }
    }
    guard !names.isEmpty || !setNames.isEmpty, let entries = try? tree.children(of: folder)
    else { return [] }
    var seen: Set<String> = []
    var files: [BundleFile] = []
    for entry in entries where entry.kind == .file && !seen.contains(entry.path) {
      let file = entry.name
      let named = names.contains { Self.iconFile(file, matches: $0) }
      let fromSet = setNames.contains { Self.iconFile(file, isLegacyPNGOf: $0) }
      guard named || fromSet else { continue }
      seen.insert(entry.path)
      var image: ImageInfo?
      if file.hasSuffix(".png"), let bytes = try? tree.contents(of: entry.path, limit: 64 << 20) {
        image = ImageInfo(png: bytes)
      }
      files.append(BundleFile(path: entry.path, role: .iconImage, size: entry.size, image: image))
    }
    return files
  }

  /// The icon file names an Info.plist lists, in order: `CFBundleIconFiles` of
  /// `CFBundleIcons` / `CFBundleIcons~ipad` → `CFBundlePrimaryIcon` (or its string form) and of
  /// each `CFBundleAlternateIcons` entry, the top-level `CFBundleIconFiles`, and
  /// `CFBundleIconFile`.
  package static func iconFileNames(_ info: PlistDictionary) -> [String] {
    var names: [String] = []
    func files(of icon: PlistValue?) {
      for node in icon?.dictionaryValue?["CFBundleIconFiles"]?.value.arrayValue ?? [] {
        if let s = node.value.stringValue, !s.isEmpty { names.append(s) }
      }
    }
    for key in ["CFBundleIcons", "CFBundleIcons~ipad"] {
      let icons = info[key]?.value.dictionaryValue
      let primary = icons?["CFBundlePrimaryIcon"]?.value
      files(of: primary)
      if let s = primary?.stringValue, !s.isEmpty { names.append(s) }  // iOS 18 string form
      for alternate in icons?["CFBundleAlternateIcons"]?.value.dictionaryValue?.entries ?? [] {
        files(of: alternate.node.value)
      }
    }
    for node in info["CFBundleIconFiles"]?.value.arrayValue ?? [] {
      if let s = node.value.stringValue, !s.isEmpty { names.append(s) }
    }
    if let s = info["CFBundleIconFile"]?.value.stringValue, !s.isEmpty { names.append(s) }
    return names
  }

  /// True when the file called `file` is what iOS loads for the icon name `name`: `name` itself
  /// (`Icon.png`, or `Icon.icns` on macOS), or `name` without `.png` followed by `.png`, `@…`
  /// or `~…` (`Icon@2x.png`, `Icon~ipad.png`).
  package static func iconFile(_ file: String, matches name: String) -> Bool {
    let base = name.hasSuffix(".png") ? String(name.dropLast(4)) : name
    if file == base + ".icns" || file == name { return true }
    guard file.hasSuffix(".png"), file.hasPrefix(base) else { return false }
    return file == base + ".png" || "@~".contains(file.dropFirst(base.count).first ?? " ")
  }

  /// True when `file` is a legacy PNG Xcode writes for the icon set `set`:
  /// `<set><W>x<H>[@<N>x][~ipad].png`, sizes in points (`AppIcon83.5x83.5@2x~ipad.png`).
  static func iconFile(_ file: String, isLegacyPNGOf set: String) -> Bool {
    guard file.hasPrefix(set), file.hasSuffix(".png") else { return false }
    var rest = Substring(file.dropFirst(set.count).dropLast(4))
    if rest.hasSuffix("~ipad") { rest = rest.dropLast(5) }
    if let at = rest.firstIndex(of: "@") {
      let scale = rest[rest.index(after: at)...]
      guard scale.count == 2, scale.last == "x", scale.first?.isNumber == true else {
        return false
      }
      rest = rest[..<at]
    }
    let sides = rest.split(separator: "x", omittingEmptySubsequences: false)
    return sides.count == 2
      && sides.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isNumber || $0 == "." } }
  }

  /// The compiled launch screen that `key` names `name`, or a missing `name.storyboardc`.
  ///
  /// A launch screen is `name.storyboardc` (a storyboard) or `name.nib` (a XIB, compiled to a
  /// file or a folder), in the resources folder or a `*.lproj` folder (Base.lproj where Xcode
  /// puts it).
  func launchStoryboard(
    _ name: String, resources: String, key: String = "UILaunchStoryboardName"
  ) -> BundleFile {
    let file = name + ".storyboardc"
    var folders = [resources]
    if let entries = try? tree.children(of: resources) {
      for folder in entries where folder.kind == .directory && folder.name.hasSuffix(".lproj") {
        folders.append(folder.path)
      }
    }
    for folder in folders {
      for compiled in [file, name + ".nib"] {
        let candidate = join(folder, compiled)
        if tree.entry(at: candidate) != nil {
          return BundleFile(path: candidate, role: .launchStoryboard)
        }
      }
    }
    return BundleFile(
      path: join(resources, file), role: .launchStoryboard,
      problem: BundleError(
        .notFound,
        "\(key) names \"\(name)\", but neither \(file) nor \(name).nib is in the bundle",
        path: join(resources, file)))
  }

}
