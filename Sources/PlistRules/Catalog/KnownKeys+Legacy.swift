import PlistBundle
import PlistCore

extension KnownKeys {
  /// The archived Information Property List Key Reference, Core Foundation keys: the one Apple
  /// page that still documents the legacy bundle keys below.
  static let archiveCoreFoundationKeys =
    "https://developer.apple.com/library/archive/documentation/General/Reference/"
    + "InfoPlistKeyReference/Articles/CoreFoundationKeys.html"

  /// Legacy bundle keys, documented only in the archived key reference.
  ///
  /// Real Apple keys that Xcode's older templates still write. They are in the catalog so that
  /// nothing calls them a misspelling of a current key; no platform or deprecation is claimed
  /// for them, since the archive gives none that a current page confirms.
  static let legacy: [KnownKey] = [
    KnownKey(
      "CFBundleSignature", display: "Bundle creator OS Type code", types: [.string],
      summary: "The four-letter creator code of the bundle (older templates write ????)",
      url: archiveCoreFoundationKeys),
    KnownKey(
      "CFBundleGetInfoString", display: "Get Info string", types: [.string],
      summary: "A version and copyright line the macOS Finder's Get Info window used to show",
      url: archiveCoreFoundationKeys),
  ]
}
