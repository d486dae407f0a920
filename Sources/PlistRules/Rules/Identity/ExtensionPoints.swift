/// The app extension points infoscope knows, with what each one's `NSExtension` dictionary
/// must name (data for `app_extension_configuration`).
///
/// Sources: Apple's `NSExtensionPointIdentifier` page (the identifiers), the
/// `NSExtensionPrincipalClass`, `NSExtensionMainStoryboard` and `NSExtensionAttributes` pages,
/// and the archived App Extension Keys reference
/// (https://developer.apple.com/library/archive/documentation/General/Reference/InfoPlistKeyReference/Articles/AppExtensionKeys.html),
/// which gives the attribute keys per extension type. WidgetKit and other extensions that
/// start from an `@main` entry point name neither a principal class nor a storyboard.
enum ExtensionPoints {
  /// How an extension point finds the extension's code.
  enum EntryPoint {
    /// `NSExtensionPrincipalClass` or `NSExtensionMainStoryboard` (extensions with a view).
    case principalClassOrStoryboard
    /// `NSExtensionPrincipalClass` (extensions without a view).
    case principalClass
    /// Neither is read (the extension's `@main` type is its entry point).
    case none
  }

  /// One extension point.
  struct Point {
    /// `NSExtensionPointIdentifier`.
    var identifier: String
    /// The kind of extension, in words.
    var name: String
    /// What names its code.
    var entry: EntryPoint
    /// `NSExtensionAttributes` keys the extension type needs.
    var requiredAttributes: [String]
  }

  /// Every point in the table.
  static let all: [Point] = [
    Point(
      identifier: "com.apple.share-services", name: "Share extension",
      entry: .principalClassOrStoryboard, requiredAttributes: ["NSExtensionActivationRule"]),
    Point(
      identifier: "com.apple.ui-services", name: "Action extension (with a view)",
      entry: .principalClassOrStoryboard, requiredAttributes: ["NSExtensionActivationRule"]),
    Point(
      identifier: "com.apple.services", name: "Action extension (without a view)",
      entry: .principalClass, requiredAttributes: ["NSExtensionActivationRule"]),
    Point(
      identifier: "com.apple.usernotifications.service", name: "Notification Service extension",
      entry: .principalClass, requiredAttributes: []),
    Point(
      identifier: "com.apple.usernotifications.content-extension",
      name: "Notification Content extension", entry: .principalClassOrStoryboard,
      requiredAttributes: ["UNNotificationExtensionCategory"]),
    Point(
      identifier: "com.apple.intents-service", name: "Intents extension",
      entry: .principalClass, requiredAttributes: ["IntentsSupported"]),
    Point(
      identifier: "com.apple.intents-ui-service", name: "Intents UI extension",
      entry: .principalClassOrStoryboard, requiredAttributes: ["IntentsSupported"]),
    Point(
      identifier: "com.apple.widget-extension", name: "Today widget",
      entry: .principalClassOrStoryboard, requiredAttributes: []),
    Point(
      identifier: "com.apple.widgetkit-extension", name: "WidgetKit extension", entry: .none,
      requiredAttributes: []),
    Point(
      identifier: "com.apple.keyboard-service", name: "Custom keyboard",
      entry: .principalClass, requiredAttributes: []),
    Point(
      identifier: "com.apple.photo-editing", name: "Photo Editing extension",
      entry: .principalClassOrStoryboard, requiredAttributes: ["PHSupportedMediaTypes"]),
    Point(
      identifier: "com.apple.fileprovider-nonui", name: "File Provider extension",
      entry: .principalClass, requiredAttributes: []),
    Point(
      identifier: "com.apple.fileprovider-actionsui", name: "File Provider UI extension",
      entry: .principalClassOrStoryboard, requiredAttributes: []),
    Point(
      identifier: "com.apple.Safari.content-blocker", name: "Safari content blocker",
      entry: .principalClass, requiredAttributes: []),
    Point(
      identifier: "com.apple.Safari.web-extension", name: "Safari web extension",
      entry: .principalClass, requiredAttributes: []),
    Point(
      identifier: "com.apple.callkit.call-directory", name: "Call Directory extension",
      entry: .principalClass, requiredAttributes: []),
    Point(
      identifier: "com.apple.message-payload-provider", name: "iMessage extension",
      entry: .principalClassOrStoryboard, requiredAttributes: []),
    Point(
      identifier: "com.apple.broadcast-services-upload", name: "Broadcast Upload extension",
      entry: .principalClass, requiredAttributes: []),
    Point(
      identifier: "com.apple.broadcast-services-setupui", name: "Broadcast Setup UI extension",
      entry: .principalClassOrStoryboard, requiredAttributes: []),
    Point(
      identifier: "com.apple.authentication-services-credential-provider-ui",
      name: "AutoFill Credential Provider extension", entry: .principalClassOrStoryboard,
      requiredAttributes: []),
    Point(
      identifier: "com.apple.quicklook.preview", name: "Quick Look preview extension",
      entry: .principalClassOrStoryboard, requiredAttributes: []),
    Point(
      identifier: "com.apple.quicklook.thumbnail", name: "Quick Look thumbnail extension",
      entry: .principalClass, requiredAttributes: []),
    Point(
      identifier: "com.apple.FinderSync", name: "Finder Sync extension",
      entry: .principalClass, requiredAttributes: []),
  ]

  /// The point with `identifier`, or nil.
  static func point(_ identifier: String) -> Point? {
    all.first { $0.identifier == identifier }
  }
}
