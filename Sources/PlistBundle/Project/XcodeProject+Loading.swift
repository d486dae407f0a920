import Foundation
import PlistCore

extension XcodeProject {
  /// The largest `project.pbxproj` read, in bytes.
  package static let maxProjectFileBytes = 64 << 20

  /// Reads the project at `projectPath` (an `.xcodeproj` folder) in `files`.
  ///
  /// - Parameters:
  ///   - projectPath: the `.xcodeproj` path in the tree (`App.xcodeproj`).
  ///   - files: the tree rooted at the folder holding the project (`SRCROOT`).
  /// - Returns: the project.
  /// - Throws: `BundleError` when `project.pbxproj` is missing, unreadable or not a project.
  package static func load(
    projectPath: String, files: any FileTree
  ) throws(BundleError)
    -> XcodeProject
  {
    let file = ProjectPaths.join(projectPath, "project.pbxproj")
    let bytes = try files.contents(of: file, limit: maxProjectFileBytes)
    return try load(projectFile: bytes, projectPath: projectPath, files: files)
  }

  /// The `.xcodeproj` folders directly inside the folder `path` of `files`, sorted by name.
  ///
  /// - Throws: `BundleError` when the folder cannot be listed.
  package static func projects(
    in files: any FileTree, at path: String = ""
  ) throws(BundleError)
    -> [String]
  {
    try files.children(of: path).filter { $0.kind == .directory && $0.name.hasSuffix(".xcodeproj") }
      .map(\.path)
  }

  /// Reads a project from the bytes of its `project.pbxproj`.
  ///
  /// - Parameters:
  ///   - projectFile: the `project.pbxproj` bytes (an OpenStep property list).
  ///   - projectPath: the `.xcodeproj` path in the tree (`App.xcodeproj`).
  ///   - files: the tree rooted at the folder holding the project.
  /// - Returns: the project.
  /// - Throws: `BundleError` of kind `.plist` when the bytes do not parse, `.malformed` when
  ///   they are not a project (no `objects` or no root `PBXProject`).
  package static func load(
    projectFile: [UInt8], projectPath: String, files: any FileTree
  )
    throws(BundleError) -> XcodeProject
  {
    let file = ProjectPaths.join(projectPath, "project.pbxproj")
    let document: PlistDocument
    do {
      document = try PlistReader.read(bytes: projectFile, file: file)
    } catch {
      throw BundleError(error, path: file)
    }
    return try load(projectFile: document, projectPath: projectPath, files: files)
  }

  /// Reads a project from its parsed `project.pbxproj`.
  ///
  /// - Throws: `BundleError` of kind `.malformed` when the document is not a project.
  package static func load(
    projectFile: PlistDocument, projectPath: String, files: any FileTree
  )
    throws(BundleError) -> XcodeProject
  {
    var loader = try ProjectLoader(document: projectFile, projectPath: projectPath, files: files)
    return loader.load()
  }
}

/// Walks the objects of a `project.pbxproj`.
private struct ProjectLoader {
  let objects: [String: PlistDictionary]
  let root: PlistDictionary
  let projectPath: String
  let file: String
  let files: any FileTree
  let info: XcodeProjectInfo
  let objectVersion: String?
  /// The group holding each object listed as a child.
  let parents: [String: String]
  var issues: [BundleError] = []

  init(document: PlistDocument, projectPath: String, files: any FileTree) throws(BundleError) {
    let file = ProjectPaths.join(projectPath, "project.pbxproj")
    guard let top = document.root.value.dictionaryValue,
      let objectsDict = top["objects"]?.value.dictionaryValue
    else {
      throw BundleError(.malformed, "expected a dictionary with an objects dictionary", path: file)
    }
    var objects: [String: PlistDictionary] = [:]
    var parents: [String: String] = [:]
    for entry in objectsDict.entries {
      guard let object = entry.node.value.dictionaryValue else { continue }
      objects[entry.key] = object
      for child in object["children"]?.value.arrayValue ?? [] {
        if let id = child.value.stringValue { parents[id] = entry.key }
      }
    }
    guard let rootID = top["rootObject"]?.value.stringValue, let root = objects[rootID],
      root["isa"]?.value.stringValue == "PBXProject"
    else {
      throw BundleError(.malformed, "expected rootObject to name a PBXProject object", path: file)
    }
    self.objects = objects
    self.root = root
    self.parents = parents
    self.projectPath = projectPath
    self.file = file
    self.files = files
    self.objectVersion = top["objectVersion"]?.value.stringValue
    let base = (projectPath as NSString).lastPathComponent
    let folder = projectPath.split(separator: "/").dropLast().joined(separator: "/")
    self.info = XcodeProjectInfo(
      path: projectPath, name: (base as NSString).deletingPathExtension, sourceRoot: folder,
      developmentRegion: root["developmentRegion"]?.value.stringValue)
  }

  mutating func load() -> XcodeProject {
    let projectList = configurations(listID: root["buildConfigurationList"]?.value.stringValue)
    var projectSettings: [String: BuildSettings] = [:]
    var projectLayers: [String: [BuildSettingAssignment]] = [:]
    var projectIssues: [String: [BundleError]] = [:]
    for (name, object) in projectList.configurations {
      var configIssues: [BundleError] = []
      let layers =
        baseConfiguration(object, level: .projectXCConfig, issues: &configIssues)
        + buildSettings(object, level: .project)
      projectLayers[name] = layers
      projectIssues[name] = configIssues
      let sdkroot = BuildSettings(configuration: name, assignments: layers).string("SDKROOT")
      projectSettings[name] = BuildSettings(
        configuration: name,
        assignments: XcodeBuiltins.assignments(
          project: info, target: nil, configuration: name, sdkroot: sdkroot) + layers,
        issues: configIssues)
    }

    var targets: [XcodeTarget] = []
    for id in root["targets"]?.value.arrayValue?.compactMap(\.value.stringValue) ?? [] {
      guard let object = objects[id] else {
        issues.append(BundleError(.malformed, "target \(id) is listed but missing", path: file))
        continue
      }
      let name = object["name"]?.value.stringValue ?? id
      let productType = object["productType"]?.value.stringValue
      let list = configurations(listID: object["buildConfigurationList"]?.value.stringValue)
      var settings: [String: BuildSettings] = [:]
      for (configName, config) in list.configurations {
        var configIssues = projectIssues[configName] ?? []
        if projectLayers[configName] == nil {
          configIssues.append(
            BundleError(
              .malformed,
              "target \(name) has configuration \(configName), which the project lacks",
              path: file))
        }
        let layers =
          (projectLayers[configName] ?? [])
          + baseConfiguration(config, level: .targetXCConfig, issues: &configIssues)
          + buildSettings(config, level: .target)
        let sdkroot = BuildSettings(configuration: configName, assignments: layers).string(
          "SDKROOT")
        settings[configName] = BuildSettings(
          configuration: configName,
          assignments: XcodeBuiltins.assignments(
            project: info, target: (name, productType), configuration: configName,
            sdkroot: sdkroot) + layers,
          issues: configIssues)
      }
      targets.append(
        XcodeTarget(
          name: name, kind: object["isa"]?.value.stringValue ?? "", productType: productType,
          productName: object["productName"]?.value.stringValue,
          configurationNames: list.configurations.map(\.name), configurations: settings,
          defaultConfigurationName: list.defaultName))
    }
    return XcodeProject(
      path: projectPath, name: info.name, objectVersion: objectVersion,
      developmentRegion: info.developmentRegion, targets: targets,
      configurationNames: projectList.configurations.map(\.name),
      projectConfigurations: projectSettings, issues: issues, files: files)
  }

  /// The configurations of a configuration list, in order.
  mutating func configurations(
    listID: String?
  ) -> (
    configurations: [(name: String, object: PlistDictionary)], defaultName: String?
  ) {
    guard let listID, let list = objects[listID] else {
      issues.append(
        BundleError(
          .malformed, "expected a buildConfigurationList object, found \(listID ?? "none")",
          path: file))
      return ([], nil)
    }
    var out: [(name: String, object: PlistDictionary)] = []
    for id in list["buildConfigurations"]?.value.arrayValue?.compactMap(\.value.stringValue) ?? [] {
      guard let config = objects[id], let name = config["name"]?.value.stringValue else {
        issues.append(
          BundleError(.malformed, "build configuration \(id) is missing or unnamed", path: file))
        continue
      }
      out.append((name, config))
    }
    return (out, list["defaultConfigurationName"]?.value.stringValue)
  }

  /// The `buildSettings` of a configuration, in the file's order.
  func buildSettings(_ config: PlistDictionary, level: SettingLevel) -> [BuildSettingAssignment] {
    guard let dict = config["buildSettings"]?.value.dictionaryValue else { return [] }
    return dict.entries.compactMap { entry in
      guard let key = BuildSettingAssignment.parseKey(entry.key) else { return nil }
      let value: String
      switch entry.node.value {
      case .string(let s): value = s
      case .array(let items):
        value = items.compactMap(\.value.stringValue).map { item in
          item.contains(where: \.isWhitespace) ? "\"\(item)\"" : item
        }.joined(separator: " ")
      default: return nil
      }
      return BuildSettingAssignment(
        name: key.name, conditions: key.conditions, value: value,
        origin: SettingOrigin(
          level: level, path: file, line: Int(entry.keyLocation.line),
          location: entry.keyLocation))
    }
  }

  /// The assignments of a configuration's `.xcconfig`, if it names one.
  func baseConfiguration(
    _ config: PlistDictionary, level: SettingLevel, issues: inout [BundleError]
  ) -> [BuildSettingAssignment] {
    let path: String?
    // The line that names the file, for findings placed on it.
    let line: Int?
    if let ref = config["baseConfigurationReference"]?.value.stringValue {
      line = config.index(forKey: "baseConfigurationReference").map {
        Int(config.entries[$0].keyLocation.line)
      }
      path = treePath(of: ref)
      if path == nil, objects[ref] == nil {
        issues.append(
          BundleError(
            .malformed, "the base configuration names object \(ref), which the project lacks",
            path: file, line: line))
      } else if path == nil {
        issues.append(
          BundleError(
            .unsafePath,
            "the base configuration \(ref) lies outside the project folder, which infoscope "
              + "does not read", path: file, line: line))
      }
    } else if let anchor = config["baseConfigurationReferenceAnchor"]?.value.stringValue,
      let relative = config["baseConfigurationReferenceRelativePath"]?.value.stringValue
    {
      line = config.index(forKey: "baseConfigurationReferenceAnchor").map {
        Int(config.entries[$0].keyLocation.line)
      }
      path = treePath(of: anchor).flatMap {
        ProjectPaths.normalize(ProjectPaths.join($0, relative))
      }
    } else {
      return []
    }
    guard let path else { return [] }
    if files.entry(at: path) == nil {
      issues.append(
        BundleError(
          .notFound, "the configuration file \(path) is missing", path: file, line: line))
      return []
    }
    return XCConfigParser.assignments(
      path: path, level: level, files: files, issues: &issues, namedAt: (file, line))
  }

  /// The path in the tree of a file reference or group, through the group tree; nil when it
  /// lies outside `SRCROOT` (`SDKROOT`, `BUILT_PRODUCTS_DIR`, absolute paths) or is unknown.
  func treePath(of id: String) -> String? {
    var components: [String] = []
    var current: String? = id
    var steps = 0
    while let cur = current, steps < PlistLimits.maxDepth {
      steps += 1
      guard let object = objects[cur] else { return nil }
      if let p = object["path"]?.value.stringValue, !p.isEmpty { components.append(p) }
      let tree = object["sourceTree"]?.value.stringValue ?? "<group>"
      switch tree {
      case "<group>":
        current = parents[cur]
      case "SOURCE_ROOT", "SRCROOT":
        current = nil
      default:
        return nil
      }
    }
    if current != nil { return nil }
    let joined = components.reversed().reduce("") { ProjectPaths.join($0, $1) }
    return ProjectPaths.normalize(ProjectPaths.join(info.sourceRoot, joined))
  }
}
