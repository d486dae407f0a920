import Foundation
import PlistCore

/// Turns a path into an `AppBundle`: what the path is (bundle, `.ipa`, `.xcarchive`, Xcode
/// project, or a single file) is told from the file system and the bytes, and everything
/// inside is found through a `FileTree`, so nothing is ever extracted to disk.
///
/// - A folder named `*.xcarchive`: its `Info.plist` and `Products/Applications/*.app` (and
///   `Products/Library`'s bundles).
/// - A folder named `*.xcodeproj`, or a folder holding one: the project (see
///   `ProjectLoader`).
/// - Any other folder with an `Info.plist` or `Contents/Info.plist`: a bundle.
/// - A file starting with a ZIP signature (an `.ipa`): `Payload/*.app`, read with libzip.
/// - Any other file: a property list (`.entitlements`, `.xcprivacy`, `.strings`, any plist), a
///   provisioning profile, or a Mach-O executable (its signed entitlements).
package enum BundleLoader {
  /// The most bytes read from a bare file.
  package static let maxFileBytes = 256 << 20

  /// Loads what is at `path`.
  ///
  /// - Parameters:
  ///   - path: a path on disk.
  ///   - role: for a single property list, the role to read it as, whatever its name and
  ///     content say (`infoscope lint --role`); ignored for bundles, archives and projects.
  ///   - parallel: true to read the bundles a bundle folder or `.xcarchive` holds at once on
  ///     the machine's cores (`BundleWalker.isParallel`); the result is the same.
  /// - Returns: the input with its bundles and files; files that cannot be read are kept with
  ///   their problem, so one bad file never hides the rest.
  /// - Throws: `BundleError` when `path` names nothing infoscope can open.
  package static func load(
    path: String, role: FileRole? = nil, parallel: Bool = false
  ) throws(BundleError) -> AppBundle {
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw BundleError(
        .notFound, "cannot read the file: \(String(cString: strerror(errno)))", path: path)
    }
    let name = URL(fileURLWithPath: path).lastPathComponent
    if info.st_mode & S_IFMT == S_IFDIR {
      return try loadFolder(path, name: name, parallel: parallel)
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      // A FIFO or device would block or never end; only files and folders are read.
      throw BundleError(
        .unrecognized,
        "cannot read it: it is \(AtomicFile.kindName(info.st_mode)), not a file or a folder",
        path: path)
    }
    if isArchive(path, head: try firstBytes(of: path, count: 4)) {
      return try loadIPA(path)
    }
    if role == nil, let iconFile = try loadIconFile(path) { return iconFile }
    return loadFile(path, name: name, role: role)
  }

  /// Loads the bundle folder at `path` inside `tree`, as `load(path:)` loads one on disk,
  /// without touching the file system (the built-in demo bundle is a `MemoryTree`).
  ///
  /// - Parameters:
  ///   - tree: the files; a `MemoryTree`, `DirectoryTree` or `ZipTree`.
  ///   - path: the bundle folder's path in `tree`; `""` when the tree's root is the bundle.
  ///   - inputPath: the name the input goes by (`Trailhead.app`); its last component gives the
  ///     bundle's kind when `path` is `""`.
  ///   - parallel: true to read nested bundles at once on the machine's cores.
  /// - Returns: a built bundle (`isBuilt` true, input kind `.bundle`) whose file paths are
  ///   relative to `tree`'s root, as for a folder on disk.
  /// - Throws: `BundleError` of kind `.notFound` when `path` is not a folder of `tree`, and
  ///   `.unrecognized` when it is neither named as a bundle (`.app`, `.appex`, …) nor holds an
  ///   `Info.plist` or `Contents/Info.plist`.
  package static func load(
    tree: any FileTree, path: String = "", inputPath: String, parallel: Bool = false
  ) throws(BundleError) -> AppBundle {
    guard path.isEmpty || tree.entry(at: path)?.kind == .directory else {
      throw BundleError(.notFound, "no such folder", path: path.isEmpty ? inputPath : path)
    }
    let name = (path.isEmpty ? inputPath : path).split(separator: "/").last.map(String.init)
    var kind = name.flatMap(BundleWalker.kind(ofFolder:))
    if kind == nil,
      tree.entry(at: TreePath.join(path, "Info.plist")) != nil
        || tree.entry(at: TreePath.join(path, "Contents/Info.plist")) != nil
    {
      kind = .bundle
    }
    guard let kind else {
      throw BundleError(
        .unrecognized,
        "not a bundle: expected a folder named .app, .appex, … or an Info.plist or "
          + "Contents/Info.plist inside", path: path.isEmpty ? inputPath : path)
    }
    var walker = BundleWalker(tree: tree)
    walker.isParallel = parallel
    let node = walker.walk(path, kind: kind)
    return AppBundle(inputPath: inputPath, inputKind: .bundle, isBuilt: true, bundles: [node])
  }

  /// True when `path` is more than one property list to read.
  ///
  /// That is a folder, an archive, a provisioning profile (a plist inside a CMS envelope), a
  /// Mach-O file (entitlements in its signature) or a compiled asset catalog (`Assets.car`,
  /// shown as the tree of its assets). Any other file is a property list on its own.
  package static func opensAsContainer(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0 else { return false }
    if info.st_mode & S_IFMT == S_IFDIR { return true }
    guard info.st_mode & S_IFMT == S_IFREG else { return false }
    let lower = path.lowercased()
    if lower.hasSuffix(".mobileprovision") || lower.hasSuffix(".provisionprofile") { return true }
    if lower.hasSuffix(".car") { return true }
    guard let head = try? firstBytes(of: path, count: 8) else { return false }
    return isArchive(path, head: Array(head.prefix(4))) || FileReaders.isMachO(head)
      || FileReaders.isAssetCatalog(head)
  }

  /// A ZIP by its signature, or an `.ipa` by name (so a damaged one is reported as such).
  private static func isArchive(_ path: String, head: [UInt8]) -> Bool {
    head == [0x50, 0x4B, 0x03, 0x04] || path.lowercased().hasSuffix(".ipa")
  }

  private static func firstBytes(of path: String, count: Int) throws(BundleError) -> [UInt8] {
    let descriptor: Int32
    do throws(FileError) {
      descriptor = try AtomicFile.openForReading(path)
    } catch {
      throw BundleError(.io, "cannot read the file: \(error.message)", path: path)
    }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: count)
    let n = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, count) }
    return Array(bytes.prefix(max(0, n)))
  }

  // MARK: Folders

  private static func loadFolder(
    _ path: String, name: String, parallel: Bool
  ) throws(BundleError) -> AppBundle {
    let lower = name.lowercased()
    if lower.hasSuffix(".xcarchive") {
      return try loadArchive(path, parallel: parallel)
    }
    if lower.hasSuffix(".xcodeproj") {
      let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
      return try ProjectInput.load(root: parent, projects: [name], inputPath: path)
    }
    if lower.hasSuffix(".appiconset") || lower.hasSuffix(".xcassets") || lower.hasSuffix(".icon") {
      return try loadIconFolder(path)
    }
    let tree = try DirectoryTree(root: path)
    if BundleWalker.kind(ofFolder: name) != nil {
      return try load(tree: tree, inputPath: path, parallel: parallel)
    }
    let projects = (try? XcodeProject.projects(in: tree)) ?? []
    if !projects.isEmpty {
      return try ProjectInput.load(root: path, projects: projects, inputPath: path)
    }
    if tree.entry(at: "Info.plist") != nil || tree.entry(at: "Contents/Info.plist") != nil {
      return try load(tree: tree, inputPath: path, parallel: parallel)
    }
    throw BundleError(
      .unrecognized,
      "not a bundle, an .xcarchive or an Xcode project: expected an Info.plist, "
        + "Contents/Info.plist or an .xcodeproj inside", path: path)
  }

  private static func loadArchive(_ path: String, parallel: Bool) throws(BundleError) -> AppBundle {
    let tree = try DirectoryTree(root: path)
    var walker = BundleWalker(tree: tree)
    walker.isParallel = parallel
    var result = AppBundle(inputPath: path, inputKind: .archive, isBuilt: true)
    if tree.entry(at: "Info.plist") != nil {
      result.files.append(walker.readPropertyList("Info.plist", role: .archiveInfo))
    }
    var bundles: [(path: String, kind: BundleKind)] = []
    for folder in ["Products/Applications", "Products/Library/Bundles"] {
      guard let entries = try? tree.children(of: folder) else { continue }
      for entry in entries where entry.kind == .directory {
        if let kind = BundleWalker.kind(ofFolder: entry.name) {
          bundles.append((entry.path, kind))
        }
      }
    }
    result.bundles += walker.walk(bundles, depth: 0)
    if result.bundles.isEmpty {
      result.problems.append(
        BundleError(
          .notFound, "the archive holds no bundle in Products/Applications",
          path: "Products/Applications"))
    }
    return result
  }

  // MARK: Icon sets

  /// An asset catalog's app icon sets, or one set or Icon Composer icon, given as a folder:
  /// `X.appiconset` (its `Contents.json`), `X.icon` (its `icon.json`), or `X.xcassets` (every
  /// `*.appiconset` and `*.icon` inside, as a project's are found).
  private static func loadIconFolder(_ path: String) throws(BundleError) -> AppBundle {
    let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
    let name = URL(fileURLWithPath: path).lastPathComponent
    let tree = try DirectoryTree(root: parent)
    var result = AppBundle(inputPath: path, inputKind: .file, isBuilt: false)
    let lower = name.lowercased()
    if lower.hasSuffix(".xcassets") {
      let catalog = try DirectoryTree(root: path)
      let walker = BundleWalker(tree: catalog)
      result.files = ProjectInput.sourceFiles(in: catalog, walker: walker).filter {
        $0.role == .appIconSet || $0.role == .iconComposer
      }
      for index in result.files.indices {
        result.files[index].path = TreePath.join(name, result.files[index].path)
        result.files[index].roleReason = "it is in the asset catalog \(name)"
      }
      if result.files.isEmpty {
        result.problems.append(
          BundleError(
            .notFound, "the asset catalog holds no .appiconset or .icon folder", path: name))
      }
      return result
    }
    let contents = lower.hasSuffix(".icon") ? "icon.json" : "Contents.json"
    let filePath = TreePath.join(name, contents)
    guard tree.entry(at: filePath) != nil else {
      throw BundleError(.notFound, "the folder has no \(contents)", path: path)
    }
    result.files = [iconFile(filePath, in: tree)]
    return result
  }

  /// A bare `Contents.json` of an `.appiconset` folder or `icon.json` of an `.icon` folder,
  /// read as what it is; nil for any other file.
  private static func loadIconFile(_ path: String) throws(BundleError) -> AppBundle? {
    guard let (role, _) = FileRoleInference.role(ofName: path),
      role == .appIconSet || role == .iconComposer
    else { return nil }
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent()
    let tree = try DirectoryTree(root: folder.deletingLastPathComponent().path)
    var result = AppBundle(inputPath: path, inputKind: .file, isBuilt: false)
    result.files = [
      iconFile(TreePath.join(folder.lastPathComponent, url.lastPathComponent), in: tree)
    ]
    return result
  }

  /// The icon set or Icon Composer file at `path` in `tree`, with why it has its role.
  private static func iconFile(_ path: String, in tree: any FileTree) -> BundleFile {
    let (role, reason) = FileRoleInference.role(ofName: path) ?? (.appIconSet, "")
    var file =
      role == .appIconSet
      ? ProjectInput.iconSetFile(path, in: tree)
      : ProjectInput.iconComposerFile(path, in: tree)
    file.roleReason = reason
    return file
  }

  // MARK: Archives

  private static func loadIPA(_ path: String) throws(BundleError) -> AppBundle {
    let archive = try ZipArchive(path: path)
    let tree = ZipTree(archive: archive)
    let walker = BundleWalker(tree: tree)
    var result = AppBundle(
      inputPath: path, inputKind: .ipa, isBuilt: true, problems: archive.rejectedEntries)
    result.inputIdentity = archive.identity
    let apps = ((try? tree.children(of: "Payload")) ?? []).filter {
      $0.kind == .directory && $0.name.lowercased().hasSuffix(".app")
    }
    for app in apps { result.bundles.append(walker.walk(app.path, kind: .application)) }
    if apps.isEmpty {
      result.problems.append(
        BundleError(.notFound, "the .ipa holds no Payload/*.app folder", path: "Payload"))
    }
    return result
  }

  // MARK: Single files

  private static func loadFile(_ path: String, name: String, role given: FileRole?) -> AppBundle {
    let lower = name.lowercased()
    var result = AppBundle(inputPath: path, inputKind: .file, isBuilt: false)
    let bytes: [UInt8]
    do {
      bytes = try PlistReader.readFile(path)
    } catch {
      result.files.append(
        BundleFile(path: name, role: .propertyList, problem: BundleError(.io, error.message)))
      return result
    }
    if lower.hasSuffix(".mobileprovision") || lower.hasSuffix(".provisionprofile") {
      result.files.append(FileReaders.profile(bytes, path: name))
      return result
    }
    if FileReaders.isMachO(bytes) {
      result.isBuilt = true
      result.files += FileReaders.executable(bytes, path: name).files
      return result
    }
    if FileReaders.isAssetCatalog(bytes) || lower.hasSuffix(".car") {
      // A compiled asset catalog on its own (a damaged one by its name, so it says why).
      result.isBuilt = true
      result.files.append(FileReaders.assetCatalog(bytes, path: name))
      return result
    }
    var file = FileReaders.propertyList(bytes, path: name, role: given ?? .propertyList)
    if given != nil {
      file.roleReason = "given with --role"
    } else {
      (file.role, file.roleReason) = FileRoleInference.role(path: name, document: file.document)
    }
    result.files.append(file)
    return result
  }
}

/// Reading one file of a known kind into a `BundleFile`, whatever tree it came from.
package enum FileReaders {
  /// A property list file, parsed; a parse error is kept as its problem.
  package static func propertyList(_ bytes: [UInt8], path: String, role: FileRole) -> BundleFile {
    do {
      let document = try PlistReader.read(bytes: bytes, file: path)
      return BundleFile(path: path, role: role, size: bytes.count, document: document)
    } catch {
      return BundleFile(
        path: path, role: role, size: bytes.count, problem: BundleError(error, path: path))
    }
  }

  /// A provisioning profile: the property list inside its CMS envelope.
  package static func profile(_ bytes: [UInt8], path: String) -> BundleFile {
    do {
      let profile = try ProvisioningProfile.parse(bytes, path: path)
      var file = BundleFile(
        path: path, role: .provisioningProfile, size: bytes.count, document: profile.document)
      file.profile = profile
      return file
    } catch {
      return BundleFile(
        path: path, role: .provisioningProfile, size: bytes.count, problem: error.at(path))
    }
  }

  /// A compiled asset catalog: its assets and renditions, and the same as a read-only tree; a
  /// file that does not read keeps the error (with its offset) as its problem.
  package static func assetCatalog(_ bytes: [UInt8], path: String) -> BundleFile {
    do {
      let catalog = try CompiledAssetCatalog.parse(bytes)
      var file = BundleFile(
        path: path, role: .assetCatalog, size: bytes.count, document: catalog.document)
      file.assetCatalog = catalog
      return file
    } catch {
      return BundleFile(path: path, role: .assetCatalog, size: bytes.count, problem: error.at(path))
    }
  }

  /// True when `bytes` start with the BOM store magic `BOMStore` (a compiled asset catalog).
  package static func isAssetCatalog(_ bytes: [UInt8]) -> Bool {
    bytes.starts(with: Array("BOMStore".utf8))
  }

  /// True when `bytes` start with a Mach-O or universal (fat) magic number.
  package static func isMachO(_ bytes: [UInt8]) -> Bool { MachOFile.hasMachOMagic(bytes) }

  /// The suffix that names the signed entitlements of an executable as a file of their own.
  package static let entitlementsSuffix = "#entitlements"

  /// An executable and, when its code signature carries them, its signed entitlements.
  ///
  /// The entitlements are a file of their own, `PATH#entitlements`: the XML blob as written,
  /// or the DER blob decoded when there is no readable XML one. A blob that could not be read
  /// is the file's problem (with the other blob's tree when that one read); a CodeDirectory
  /// that could not be read is the executable's. The parsed Mach-O comes back for the bundle's
  /// facts.
  package static func executable(
    _ bytes: [UInt8], path: String
  ) -> (
    files: [BundleFile], machO: MachOFile?
  ) {
    let machO: MachOFile
    do {
      machO = try MachOFile.parse(bytes)
    } catch {
      let file = BundleFile(
        path: path, role: .executable, size: bytes.count, problem: error.at(path))
      return ([file], nil)
    }
    let signature = machO.slices.lazy.compactMap(\.codeSignature).first
    // The executable itself reads as a tree of what it holds (read-only; see
    // `MachOFile.document`), so that print, search and the inspector show it like any file.
    var executable = BundleFile(
      path: path, role: .executable, size: bytes.count, document: machO.document)
    executable.problem = signature?.problems.first { $0.slot != 5 && $0.slot != 7 }?.error.at(path)
    var files = [executable]
    let entitlementsPath = path + entitlementsSuffix
    let problem = signature?.entitlementProblems.first?.at(entitlementsPath)
    if let document = signature?.xmlEntitlements {
      files.append(
        BundleFile(
          path: entitlementsPath, role: .signedEntitlements, document: document,
          problem: problem))
    } else if let node = signature?.derEntitlements {
      files.append(
        BundleFile(
          path: entitlementsPath, role: .signedEntitlements,
          document: PlistDocument(root: node, format: .binary), problem: problem))
    } else if let problem {
      files.append(BundleFile(path: entitlementsPath, role: .signedEntitlements, problem: problem))
    }
    return (files, machO)
  }
}
