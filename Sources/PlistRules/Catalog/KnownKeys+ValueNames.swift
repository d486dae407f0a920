extension KnownKeys {
  /// Names Xcode's property list editor shows for some values, by key and raw value (the
  /// `R` view shows them beside the value): `UIDeviceFamily` 1 is iPhone, 2 iPad (Apple's
  /// `UIDeviceFamily` page); the interface orientations by where the home button is.
  package static let valueDisplayNames: [String: [String: String]] = [
    "UIDeviceFamily": ["1": "iPhone", "2": "iPad"],
    "UISupportedInterfaceOrientations": [
      "UIInterfaceOrientationPortrait": "Portrait (bottom home button)",
      "UIInterfaceOrientationPortraitUpsideDown": "Portrait (top home button)",
      "UIInterfaceOrientationLandscapeLeft": "Landscape (left home button)",
      "UIInterfaceOrientationLandscapeRight": "Landscape (right home button)",
    ],
  ]

  /// The display name of `value` under `key` (a device-suffixed key takes its base key's
  /// names), or nil.
  package static func valueDisplayName(_ value: String, key: String) -> String? {
    valueDisplayNames[splitDeviceSuffix(key).base]?[value]
  }
}
