import PlistCore

/// One file found in a bundle, archive or project, with its role and, for property lists, its
/// parsed tree.
package struct BundleFile: Sendable {
  /// The file's path inside the input, as `infoscope files` shows it and `--file` takes it
  /// (`PlugIns/Share.appex/Info.plist`, `Payload/App.app/Info.plist`).
  package var path: String
  /// What the file is for.
  package var role: FileRole
  /// Size in bytes.
  package var size: Int
  /// The property list, for files that are or hold one (the content of a provisioning
  /// profile, the entitlements of a code signature).
  package var document: PlistDocument?
  /// Why the file could not be read or parsed; the rest of the bundle still loads.
  package var problem: BundleError?
  /// Pixel size and alpha channel, for PNG icon images.
  package var image: ImageInfo?
  /// The slots of an asset-catalog app icon set and their images, for `Contents.json`.
  package var iconSet: AppIconSet?
  /// The assets and renditions of a compiled asset catalog, for `Assets.car`; `document` then
  /// holds the same as a read-only tree (`CompiledAssetCatalog.document`).
  package var assetCatalog: CompiledAssetCatalog?
  /// The facts of a provisioning profile (team, expiry, kind, devices), for profiles.
  package var profile: ProvisioningProfile?
  /// True for a file infoscope put together rather than read.
  ///
  /// That is a project target's effective Info.plist (its `INFOPLIST_FILE` merged with the
  /// `INFOPLIST_KEY_*` settings). Its nodes keep the locations of the file they came from,
  /// where they came from one.
  package var isGenerated = false
  /// Why the file has its role, for a file given on its own ("its name ends in
  /// .entitlements", "its root has CFBundle* keys (…)", "given with --role"); nil for the files
  /// of a bundle, archive or project, whose place says what they are.
  package var roleReason: String?
  /// The build setting that names this file, for a file a project names by path
  /// (`CODE_SIGN_ENTITLEMENTS`, `INFOPLIST_FILE`), so a file that is missing or does not read
  /// is reported on the setting's line, a place that exists; nil otherwise.
  package var namedBy: NamingSetting?

  /// Creates a file entry.
  package init(
    path: String, role: FileRole, size: Int = 0, document: PlistDocument? = nil,
    problem: BundleError? = nil, image: ImageInfo? = nil
  ) {
    self.path = path
    self.role = role
    self.size = size
    self.document = document
    self.problem = problem
    self.image = image
  }

  /// The format of the property list, when there is one.
  package var format: PlistFormat? { document?.format }
}

/// What the header of a PNG image says.
package struct ImageInfo: Sendable, Hashable {
  /// Width and height in pixels.
  package var width: Int
  package var height: Int
  /// True when the image can hold transparency: a colour type with alpha (4 or 6), or a
  /// `tRNS` chunk before the image data.
  package var hasAlpha: Bool
  /// True for Apple's "CgBI" PNG, Xcode's optimised iOS image.
  ///
  /// A `CgBI` chunk comes before `IHDR` and the pixels are BGRA with premultiplied alpha.
  /// Such files are always written with an alpha channel, so `hasAlpha` says nothing about
  /// the image Xcode was given.
  package var isCgBI = false

  /// Creates image facts.
  package init(width: Int, height: Int, hasAlpha: Bool, isCgBI: Bool = false) {
    self.width = width
    self.height = height
    self.hasAlpha = hasAlpha
    self.isCgBI = isCgBI
  }

  /// Reads the facts from the start of a PNG file (signature, `IHDR`, and the chunks before
  /// `IDAT`), or nil when the bytes are not a PNG.
  ///
  /// Apple's "CgBI" PNGs (Xcode's optimised iOS images) put a `CgBI` chunk before `IHDR`; it is
  /// skipped. Colour types follow the PNG specification (ISO/IEC 15948): 4 is grey with alpha,
  /// 6 is RGB with alpha.
  package init?(png bytes: [UInt8]) {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { return nil }
    func u32(_ i: Int) -> Int? {
      guard i >= 0, i + 4 <= bytes.count else { return nil }
      return Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8
        | Int(bytes[i + 3])
    }
    var offset = 8
    var header: (width: Int, height: Int, colourType: UInt8)?
    var transparency = false
    var cgbi = false
    var chunks = 0
    while let length = u32(offset), offset + 8 <= bytes.count, chunks < 64 {
      let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
      let data = offset + 8
      if type == "IHDR" {
        guard let width = u32(data), let height = u32(data + 4), data + 9 < bytes.count else {
          return nil
        }
        header = (width, height, bytes[data + 9])
      } else if type == "tRNS" {
        transparency = true
      } else if type == "CgBI", header == nil {
        cgbi = true
      } else if type == "IDAT" || type == "IEND" {
        break
      }
      let (next, overflow) = data.addingReportingOverflow(length + 4)
      guard !overflow else { break }
      offset = next
      chunks += 1
    }
    guard let header else { return nil }
    width = header.width
    height = header.height
    hasAlpha = header.colourType == 4 || header.colourType == 6 || transparency
    isCgBI = cgbi
  }
}

/// A build setting that names a file by path, and where it is assigned.
package struct NamingSetting: Sendable, Hashable {
  /// The setting's name (`INFOPLIST_FILE`).
  package var name: String
  /// Where the assignment is (`App.xcodeproj/project.pbxproj` and its line, or an `.xcconfig`).
  package var origin: SettingOrigin

  /// Creates a naming setting.
  package init(name: String, origin: SettingOrigin) {
    self.name = name
    self.origin = origin
  }
}
