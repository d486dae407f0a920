/// The required-reason APIs a Mach-O file's imported symbols can show, by category.
///
/// From the examples on Apple's `NSPrivacyAccessedAPIType` page
/// (https://developer.apple.com/documentation/bundleresources/app-privacy-configuration/nsprivacyaccessedapitypes/nsprivacyaccessedapitype),
/// only the ones a linked executable imports by name: the C functions, the Objective-C class
/// (`NSUserDefaults`, which Swift's `UserDefaults` is) and Foundation's string constants behind
/// the keys it names (`creationDate` is `FileAttributeKey.creationDate`, the constant
/// `NSFileCreationDate`; `volumeAvailableCapacityKey` is `NSURLVolumeAvailableCapacityKey`).
/// Methods and properties (`fileModificationDate`, `systemUptime`, `activeInputModes`, and
/// `URLResourceValues` properties) are reached through `objc_msgSend` or Foundation's own code,
/// so they leave no symbol of their own and are not listed.
enum RequiredReasonSymbols {
  /// Categories by imported symbol name (without the leading underscore).
  static let categories: [String: [String]] = [
    "stat": [fileTimestamp],
    "fstat": [fileTimestamp],
    "fstatat": [fileTimestamp],
    "lstat": [fileTimestamp],
    "getattrlistbulk": [fileTimestamp],
    "getattrlist": [fileTimestamp, diskSpace],
    "fgetattrlist": [fileTimestamp, diskSpace],
    "getattrlistat": [fileTimestamp, diskSpace],
    "mach_absolute_time": [systemBootTime],
    "statfs": [diskSpace],
    "statvfs": [diskSpace],
    "fstatfs": [diskSpace],
    "fstatvfs": [diskSpace],
    // Swift's `UserDefaults` is this class on Apple platforms.
    "OBJC_CLASS_$_NSUserDefaults": [userDefaults],
    // Foundation keys: FileAttributeKey.creationDate, .modificationDate, .systemFreeSize,
    // .systemSize; URLResourceKey.creationDateKey, .contentModificationDateKey and the volume
    // capacity keys.
    "NSFileCreationDate": [fileTimestamp],
    "NSFileModificationDate": [fileTimestamp],
    "NSURLCreationDateKey": [fileTimestamp],
    "NSURLContentModificationDateKey": [fileTimestamp],
    "NSFileSystemFreeSize": [diskSpace],
    "NSFileSystemSize": [diskSpace],
    "NSURLVolumeAvailableCapacityKey": [diskSpace],
    "NSURLVolumeAvailableCapacityForImportantUsageKey": [diskSpace],
    "NSURLVolumeAvailableCapacityForOpportunisticUsageKey": [diskSpace],
    "NSURLVolumeTotalCapacityKey": [diskSpace],
  ]

  static let fileTimestamp = "NSPrivacyAccessedAPICategoryFileTimestamp"
  static let systemBootTime = "NSPrivacyAccessedAPICategorySystemBootTime"
  static let diskSpace = "NSPrivacyAccessedAPICategoryDiskSpace"
  static let userDefaults = "NSPrivacyAccessedAPICategoryUserDefaults"

  /// The categories `symbols` show, each with the symbols that show it (sorted), in category
  /// name order.
  ///
  /// A C name with a `$` variant suffix (`stat$INODE64`) counts as its base name; Objective-C
  /// class references must match exactly.
  static func uses(_ symbols: Set<String>) -> [(category: String, symbols: [String])] {
    var found: [String: Set<String>] = [:]
    for symbol in symbols {
      var key = symbol
      if categories[key] == nil, !symbol.hasPrefix("OBJC_"), let dollar = symbol.firstIndex(of: "$")
      {
        key = String(symbol[..<dollar])
      }
      for category in categories[key] ?? [] { found[category, default: []].insert(symbol) }
    }
    return found.keys.sorted().map { ($0, found[$0, default: []].sorted()) }
  }
}
