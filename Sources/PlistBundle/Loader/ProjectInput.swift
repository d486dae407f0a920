import Foundation
import PlistCore

/// An Xcode project as an `AppBundle`: one bundle per target that builds one, each with its
/// effective Info.plist, the Info.plist file it starts from, and its entitlements file; and,
/// outside the targets, the project file and the privacy manifests, string catalogs, app icon
/// sets and Icon Composer icons found in the source folder.
///
/// Each target is shown in its default configuration (the one `xcodebuild` uses without
/// `-configuration`), for the SDK its `SDKROOT` names, so `[sdk=…]` settings apply as they
/// would in a build.
package enum ProjectInput {
  /// The folders never searched for source files: build products, dependencies and VCS data.
  static let skippedFolders: Set<String> = [
    ".git", ".svn", ".build", "build", "DerivedData", "Pods", "Carthage", "node_modules",
    ".swiftpm", "xcuserdata",
  ]
  /// The most folder entries the source search visits.
  static let maxVisitedEntries = 20_000

  /// Loads the projects `projects` (paths of `.xcodeproj` folders) of the source folder `root`.
  ///
  /// - Parameters:
  ///   - root: the folder on disk that holds the projects (`SRCROOT`).
  ///   - projects: the `.xcodeproj` paths inside `root`.
  ///   - inputPath: the path the user gave, for display.
  /// - Returns: the input, with `isBuilt` false.
  /// - Throws: `BundleError` when the folder cannot be opened.
  package static func load(
    root: String, projects: [String], inputPath: String
  )
    throws(BundleError) -> AppBundle
  {
    let tree = try DirectoryTree(root: root)
    return load(tree: tree, projects: projects, inputPath: inputPath)
  }

  /// Loads projects from any tree (tests use a `MemoryTree`).
  package static func load(
    tree: any FileTree, projects: [String], inputPath: String
  )
    -> AppBundle
  {
    var result = AppBundle(inputPath: inputPath, inputKind: .project, isBuilt: false)
    let walker = BundleWalker(tree: tree)
    for projectPath in projects {
      let projectFile = TreePath.join(projectPath, "project.pbxproj")
      let file = walker.readPropertyList(projectFile, role: .projectFile)
      result.files.append(file)
      guard let document = file.document else { continue }
      let project: XcodeProject
      do {
        project = try XcodeProject.load(
          projectFile: document, projectPath: projectPath, files: walker.tree)
      } catch {
        result.problems.append(error.at(projectFile))
        continue
      }
      result.problems += project.issues
      result.projects.append(project)
      for target in project.targets where target.productType != nil {
        result.bundles.append(bundle(for: target, in: project, walker: walker))
      }
    }
    result.files += sourceFiles(in: tree, walker: walker)
    return result
  }

  /// The bundle a target builds.
  static func bundle(
    for target: XcodeTarget, in project: XcodeProject, walker: BundleWalker
  )
    -> BundleNode
  {
    let configuration = target.defaultConfigurationName ?? target.configurationNames.last ?? ""
    let base = TreePath.join(project.path, target.name)
    var files: [BundleFile] = []
    var sdk: String?
    if let key = try? project.keySettings(target: target.name, configuration: configuration) {
      sdk = key.sdkroot?.text
      if let path = key.entitlementsPath {
        var file = walker.readPropertyList(path, role: .entitlements)
        if let settings = try? project.settings(target: target.name, configuration: configuration),
          let definition = settings.definition(of: "CODE_SIGN_ENTITLEMENTS", sdk: sdk)
        {
          file.namedBy = NamingSetting(name: "CODE_SIGN_ENTITLEMENTS", origin: definition.origin)
        }
        files.append(file)
      }
    }
    var info: PlistDictionary?
    var effectiveInfo: EffectiveInfoPlist?
    do {
      let effective = try project.effectiveInfoPlist(
        target: target.name, configuration: configuration, sdk: sdk)
      if let source = effective.sourceFile {
        files.append(
          BundleFile(path: source.path, role: .propertyList, document: source.document))
      } else if let unread = effective.unreadSource {
        // Xcode fails the build on an INFOPLIST_FILE it cannot read, so lint must too.
        var file = BundleFile(path: unread.path, role: .propertyList, problem: unread.problem)
        file.namedBy = unread.setting
        files.append(file)
      }
      info = effective.dictionary
      effectiveInfo = effective
      let document = PlistDocument(
        root: PlistNode(.dictionary(effective.dictionary)), format: .xml)
      var generated = BundleFile(
        path: TreePath.join(base, "Info.plist"), role: .infoPlist, document: document,
        problem: effective.issues.first)
      generated.isGenerated = true
      files.insert(generated, at: 0)
    } catch {
      files.insert(
        BundleFile(path: TreePath.join(base, "Info.plist"), role: .infoPlist, problem: error),
        at: 0)
    }
    var platforms = Set(PlatformDetector.platforms(info: info, layout: .shallow))
    if let sdk, let platform = Platform(platformName: sdk.prefix { $0.isLetter }.description) {
      platforms.insert(platform)
    }
    var node = BundleNode(
      path: base, kind: kind(of: target.productType ?? ""), layout: .shallow, files: files,
      platforms: platforms.sorted())
    node.effectiveInfoPlist = effectiveInfo
    return node
  }

  /// The bundle kind of an Xcode product type.
  static func kind(of productType: String) -> BundleKind {
    switch productType {
    case let t where t.hasPrefix("com.apple.product-type.application.watchapp"): .watchApplication
    case let t where t.hasPrefix("com.apple.product-type.application.on-demand-install-capable"):
      .appClip
    case let t where t.hasPrefix("com.apple.product-type.application"): .application
    case let t where t.hasPrefix("com.apple.product-type.app-extension"),
      let t where t.hasPrefix("com.apple.product-type.extensionkit-extension"),
      let t where t.hasPrefix("com.apple.product-type.watchkit2-extension"):
      .appExtension
    case let t where t.hasPrefix("com.apple.product-type.framework"): .framework
    case "com.apple.product-type.xpc-service": .xpcService
    case "com.apple.product-type.system-extension": .systemExtension
    default: .bundle
    }
  }

  /// The `Contents.json` of an app icon set, with the set read.
  static func iconSetFile(_ path: String, in tree: any FileTree) -> BundleFile {
    var file = BundleFile(path: path, role: .appIconSet, size: tree.entry(at: path)?.size ?? 0)
    do {
      file.iconSet = try AppIconSet.read(contentsPath: path, in: tree)
    } catch {
      file.problem = error
    }
    readJSON(path, in: tree, into: &file)
    return file
  }

  /// An Icon Composer icon's `icon.json` at `path` in `tree`, with its tree for the inspector.
  static func iconComposerFile(_ path: String, in tree: any FileTree) -> BundleFile {
    var file = BundleFile(path: path, role: .iconComposer, size: tree.entry(at: path)?.size ?? 0)
    readJSON(path, in: tree, into: &file)
    return file
  }

  /// Reads the JSON file at `path` as a property list into `file`, so the inspector shows an
  /// icon set or an Icon Composer icon as rows of its own (read-only, as JSON files are).
  ///
  /// One that does not read keeps (or gets) the reader's reason as its problem, with the
  /// line and column, so lint reports it and the inspector gives it a row: a broken icon file
  /// is never passed over in silence.
  static func readJSON(_ path: String, in tree: any FileTree, into file: inout BundleFile) {
    do {
      let bytes = try tree.contents(of: path, limit: 4 << 20)
      file.document = try PlistReader.read(bytes: bytes, file: path)
    } catch let error as BundleError {
      file.problem = file.problem ?? error
    } catch let error as PlistError {
      file.problem = file.problem ?? BundleError(error, path: path)
    } catch {
      file.problem = file.problem ?? BundleError(.malformed, "\(error)", path: path)
    }
  }

  /// Privacy manifests, InfoPlist string catalogs and `.strings`, app icon sets and Icon
  /// Composer icons in the source folder, searched breadth first without entering the
  /// `skippedFolders`, and at most `maxVisitedEntries` entries.
  static func sourceFiles(in tree: any FileTree, walker: BundleWalker) -> [BundleFile] {
    var found: [BundleFile] = []
    var queue = [""]
    var visited = 0
    while !queue.isEmpty, visited < maxVisitedEntries {
      let folder = queue.removeFirst()
      guard let entries = try? tree.children(of: folder) else { continue }
      for entry in entries {
        visited += 1
        let name = entry.name
        if entry.kind == .directory {
          if name.hasSuffix(".appiconset"), tree.entry(at: entry.path + "/Contents.json") != nil {
            found.append(iconSetFile(entry.path + "/Contents.json", in: tree))
          } else if name.hasSuffix(".icon"), tree.entry(at: entry.path + "/icon.json") != nil {
            found.append(iconComposerFile(entry.path + "/icon.json", in: tree))
          } else if !skippedFolders.contains(name), !name.hasSuffix(".xcodeproj"),
            !name.hasPrefix(".")
          {
            queue.append(entry.path)
          }
          continue
        }
        guard entry.kind == .file else { continue }
        switch name.lowercased() {
        case "privacyinfo.xcprivacy":
          found.append(walker.readPropertyList(entry.path, role: .privacyManifest))
        case "infoplist.xcstrings":
          found.append(
            BundleFile(path: entry.path, role: .infoPlistStringCatalog, size: entry.size))
        case "infoplist.strings":
          found.append(walker.readPropertyList(entry.path, role: .infoPlistStrings))
        default:
          break
        }
      }
    }
    return found
  }
}
