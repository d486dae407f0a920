import CZip
import Foundation
import PlistCore
import TestSupport
import Testing

@testable import PlistBundle

/// `ZipArchive.writeCopy`: a copy of an `.ipa` with entries replaced, the rest kept as stored.
@Suite struct ZipArchiveWritingTests {
  static let oldPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.old</string>\
    </dict></plist>
    """
  static let newPlist = Self.oldPlist.replacingOccurrences(of: "old", with: "new")
  static let blob = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }

  /// A fresh folder holding `App.ipa` (mode 0640) with a plist, a stored file, a large deflated
  /// file, a folder entry and a symbolic link.
  func makeIPA() throws -> (folder: String, ipa: String) {
    let folder = try TemporaryFolder("zipwrite").path
    let bytes = try ZipBuilder()
      .directory("Payload")
      .file("Payload/App.app/Info.plist", text: Self.oldPlist)
      .file("Payload/App.app/PkgInfo", text: "APPL????", method: .store)
      .file("Payload/App.app/_CodeSignature/CodeResources", Self.blob)
      .symbolicLink("Payload/App.app/Current", target: "Info.plist")
      .build()
    let ipa = folder + "/App.ipa"
    try Data(bytes).write(to: URL(fileURLWithPath: ipa))
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: ipa)
    return (folder, ipa)
  }

  /// Each entry's stored (still compressed) bytes, method and external attributes, by name.
  func stored(_ path: String) throws -> [String: (data: [UInt8], method: Int32, attributes: UInt32)]
  {
    var code: Int32 = 0
    let handle = try #require(zip_open(path, ZIP_RDONLY, &code))
    defer { zip_discard(handle) }
    var result: [String: (data: [UInt8], method: Int32, attributes: UInt32)] = [:]
    for index in 0..<UInt64(zip_get_num_entries(handle, 0)) {
      var info = zip_stat_t()
      zip_stat_init(&info)
      #expect(zip_stat_index(handle, index, 0, &info) == 0)
      let name = String(cString: try #require(info.name))
      var data = [UInt8](repeating: 0, count: Int(info.comp_size))
      if info.comp_size > 0 {
        let file = try #require(zip_fopen_index(handle, index, zip_flags_t(ZIP_FL_COMPRESSED)))
        let count = data.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress, info.comp_size) }
        zip_fclose(file)
        #expect(count == Int64(info.comp_size))
      }
      var system: UInt8 = 0
      var attributes: UInt32 = 0
      _ = zip_file_get_external_attributes(handle, index, 0, &system, &attributes)
      result[name] = (data, Int32(info.comp_method), attributes)
    }
    return result
  }

  @Test func replacesAnEntryAndKeepsTheOthersAsStored() throws {
    let (folder, ipa) = try makeIPA()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let original = try Data(contentsOf: URL(fileURLWithPath: ipa))
    let copy = folder + "/App-edited.ipa"
    try ZipArchive.writeCopy(
      of: ipa, to: copy, replacing: ["Payload/App.app/Info.plist": Array(Self.newPlist.utf8)])

    #expect(try Data(contentsOf: URL(fileURLWithPath: ipa)) == original)
    let archive = try ZipArchive(path: copy)
    #expect(archive.entries.map(\.path) == (try ZipArchive(path: ipa)).entries.map(\.path))
    #expect(
      try archive.contents(at: "Payload/App.app/Info.plist", limit: 1 << 20)
        == Array(Self.newPlist.utf8))
    #expect(
      try archive.contents(at: "Payload/App.app/PkgInfo", limit: 100) == Array("APPL????".utf8))
    #expect(
      try archive.contents(at: "Payload/App.app/_CodeSignature/CodeResources", limit: 1 << 20)
        == Self.blob)
    #expect(archive.entry(at: "Payload/App.app/Current")?.isSymbolicLink == true)

    let before = try stored(ipa)
    let after = try stored(copy)
    #expect(Set(before.keys) == Set(after.keys))
    for (name, old) in before where name != "Payload/App.app/Info.plist" {
      let new = try #require(after[name])
      #expect(new.data == old.data, "stored bytes of \(name)")
      #expect(new.method == old.method, "method of \(name)")
      #expect(new.attributes == old.attributes, "attributes of \(name)")
    }
    #expect(after["Payload/App.app/Info.plist"]?.method == ZIP_CM_DEFLATE)
    let mode = try FileManager.default.attributesOfItem(atPath: copy)[.posixPermissions]
    #expect((mode as? Int) == 0o640)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [
        "App-edited.ipa", "App.ipa",
      ])
  }

  @Test func theCopyLoadsAsABundleWithTheNewValue() throws {
    let (folder, ipa) = try makeIPA()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let copy = folder + "/App-edited.ipa"
    try ZipArchive.writeCopy(
      of: ipa, to: copy, replacing: ["Payload/App.app/Info.plist": Array(Self.newPlist.utf8)])
    let bundle = try BundleLoader.load(path: copy)
    let info = try #require(bundle.bundles.first?.files.first { $0.role == .infoPlist })
    #expect(info.path == "Payload/App.app/Info.plist")
    let root = try #require(info.document?.root)
    #expect(root.value.dictionaryValue?["CFBundleIdentifier"]?.value == .string("com.example.new"))
  }

  @Test func replacesAFileAlreadyAtTheDestination() throws {
    let (folder, ipa) = try makeIPA()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let copy = folder + "/old-copy.ipa"
    try Data("stale".utf8).write(to: URL(fileURLWithPath: copy))
    try ZipArchive.writeCopy(
      of: ipa, to: copy, replacing: ["Payload/App.app/Info.plist": Array(Self.newPlist.utf8)])
    #expect(
      try ZipArchive(path: copy).contents(at: "Payload/App.app/Info.plist", limit: 1 << 20)
        == Array(Self.newPlist.utf8))
  }

  @Test(arguments: ["same", "dotted", "link"])
  func refusesToWriteOverTheSource(form: String) throws {
    let (folder, ipa) = try makeIPA()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let original = try Data(contentsOf: URL(fileURLWithPath: ipa))
    var destination = ipa
    if form == "dotted" { destination = folder + "/./App.ipa" }
    if form == "link" {
      destination = folder + "/link.ipa"
      try FileManager.default.createSymbolicLink(atPath: destination, withDestinationPath: ipa)
    }
    do {
      try ZipArchive.writeCopy(
        of: ipa, to: destination,
        replacing: ["Payload/App.app/Info.plist": Array(Self.newPlist.utf8)])
      Issue.record("wrote over the source")
    } catch {
      #expect(error.kind == .unsafePath)
      #expect(error.path == destination)
      #expect(error.message.contains(ipa))
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: ipa)) == original)
  }

  @Test func aMissingDestinationFolderIsAnError() throws {
    let (folder, ipa) = try makeIPA()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let copy = folder + "/nowhere/App.ipa"
    do {
      try ZipArchive.writeCopy(of: ipa, to: copy, replacing: ["Payload/App.app/Info.plist": []])
      Issue.record("wrote into a missing folder")
    } catch {
      #expect(error.kind == .notFound)
      #expect(error.path == copy)
      #expect(
        error.message
          == "could not write the copy of \(ipa): the folder \(folder)/nowhere does not exist")
    }
  }

  @Test func anEntryNotInTheArchiveLeavesNothingBehind() throws {
    let (folder, ipa) = try makeIPA()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let copy = folder + "/App-edited.ipa"
    do {
      try ZipArchive.writeCopy(
        of: ipa, to: copy, replacing: ["Payload/App.app/Missing.plist": [1, 2, 3]])
      Issue.record("wrote a copy without the entry")
    } catch {
      #expect(error.kind == .notFound)
      #expect(error.path == ipa)
      #expect(error.message == "the archive has no entry Payload/App.app/Missing.plist to replace")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["App.ipa"])
  }

  @Test(arguments: ["Payload", "Payload/App.app/Current"])
  func refusesToReplaceAFolderOrALink(entry: String) throws {
    let (folder, ipa) = try makeIPA()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(throws: BundleError.self) {
      try ZipArchive.writeCopy(of: ipa, to: folder + "/copy.ipa", replacing: [entry: [1]])
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["App.ipa"])
  }

  @Test func aSourceThatIsNotAnArchiveIsAnError() throws {
    let (folder, _) = try makeIPA()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let fake = folder + "/Fake.ipa"
    try Data("not a zip".utf8).write(to: URL(fileURLWithPath: fake))
    do {
      try ZipArchive.writeCopy(of: fake, to: folder + "/copy.ipa", replacing: ["a": [1]])
      Issue.record("copied a file that is not an archive")
    } catch {
      #expect(error.kind == .unrecognized)
      #expect(error.path == fake)
    }
    #expect(!FileManager.default.fileExists(atPath: folder + "/copy.ipa"))
  }

  /// One check of a copy's path serves the copy and the inspector's prompt.
  @Test func aCopysPathIsCheckedOnce() throws {
    let folder = try TemporaryFolder("copy-path")
    let archive = try folder.write("A.ipa", "not read")
    try FileManager.default.createDirectory(
      atPath: folder.path + "/Sub", withIntermediateDirectories: true)
    #expect(
      ZipArchive.copyPathProblem(folder.path + "/None/B.ipa", of: archive)
        == .missingFolder(folder.path + "/None"))
    #expect(ZipArchive.copyPathProblem(folder.path + "/Sub", of: archive) == .isAFolder)
    #expect(ZipArchive.copyPathProblem(folder.path + "/Sub/", of: archive) == .isAFolder)
    #expect(ZipArchive.copyPathProblem(archive, of: archive) == .isTheArchive)
    try FileManager.default.linkItem(atPath: archive, toPath: folder.path + "/Link.ipa")
    #expect(ZipArchive.copyPathProblem(folder.path + "/Link.ipa", of: archive) == .isTheArchive)
    #expect(ZipArchive.copyPathProblem(folder.path + "/B.ipa", of: archive) == nil)
  }
}
