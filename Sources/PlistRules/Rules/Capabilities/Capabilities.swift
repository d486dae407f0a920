import PlistBundle
import PlistCore

/// Pages and helpers the capability rules share.
enum Capabilities {
  /// The start of every Information Property List key page.
  static let infoPage =
    "https://developer.apple.com/documentation/bundleresources/information-property-list/"

  /// `UIRequiredDeviceCapabilities`' page.
  static let deviceCapabilities = AppleSource(
    title: "UIRequiredDeviceCapabilities", url: infoPage + "uirequireddevicecapabilities")

  /// The capabilities `UIRequiredDeviceCapabilities` requires, each with its path: the array's
  /// strings, or the dictionary's keys whose value is `true`.
  static func required(in info: PlistDictionary) -> [(name: String, path: KeyPath)] {
    let key = "UIRequiredDeviceCapabilities"
    let base = KeyPath.root.appending(key: key)
    switch info[key]?.value {
    case .array(let items):
      return items.enumerated().compactMap { index, item in
        item.value.stringValue.map { ($0, base.appending(index: index)) }
      }
    case .dictionary(let dictionary):
      return dictionary.entries.compactMap { entry in
        entry.node.value.boolValue == true ? (entry.key, base.appending(key: entry.key)) : nil
      }
    default:
      return []
    }
  }

  /// The string items of the array at `key`, each with its index.
  static func strings(_ info: PlistDictionary, _ key: String) -> [(index: Int, text: String)] {
    (info[key]?.value.arrayValue ?? []).enumerated().compactMap { index, item in
      item.value.stringValue.map { (index, $0) }
    }
  }
}
