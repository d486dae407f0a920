import PlistBundle
import PlistCore

extension KnownKeys {
  /// macOS entitlements: App Sandbox, its temporary exceptions, the hardened runtime,
  /// get-task-allow (https://developer.apple.com/documentation/security/app-sandbox,
  /// https://developer.apple.com/documentation/security/hardened-runtime,
  /// https://developer.apple.com/documentation/security/resolving-common-notarization-issues).
  static let sandbox: [KnownKey] = [
    KnownKey(
      "com.apple.security.app-sandbox", display: "App Sandbox", types: [.boolean],
      home: .entitlements, platforms: [.macOS: "10.7"],
      summary: "Turns on the App Sandbox, which the Mac App Store requires",
      url: entitlementPage + "com.apple.security.app-sandbox"),
    KnownKey(
      "com.apple.security.network.server", display: "Incoming Connections (Server)",
      types: [.boolean], home: .entitlements, platforms: [.macOS: "10.7"],
      summary: "Lets a sandboxed app accept incoming network connections",
      url: entitlementPage + "com.apple.security.network.server"),
    KnownKey(
      "com.apple.security.network.client", display: "Outgoing Connections (Client)",
      types: [.boolean], home: .entitlements, platforms: [.macOS: "10.7"],
      summary: "Lets a sandboxed app open outgoing network connections",
      url: entitlementPage + "com.apple.security.network.client"),
    KnownKey(
      "com.apple.security.device.camera", display: "Camera", types: [.boolean], home: .entitlements,
      platforms: [.macOS: "10.7"],
      summary: "Lets the app use cameras (sandbox and hardened runtime alike)",
      url: entitlementPage + "com.apple.security.device.camera"),
    KnownKey(
      "com.apple.security.device.microphone", display: "Audio Input (Sandbox)", types: [.boolean],
      home: .entitlements, platforms: [.macOS: "10.7"],
      summary: "The sandbox's identifier for microphone access",
      url: entitlementPage + "com.apple.security.device.microphone"),
    KnownKey(
      "com.apple.security.device.audio-input", display: "Audio Input (Hardened Runtime)",
      types: [.boolean], home: .entitlements, platforms: [.macOS: "10.7"],
      summary: "The hardened runtime's identifier for microphone access",
      url: entitlementPage + "com.apple.security.device.audio-input"),
    KnownKey(
      "com.apple.security.device.usb", display: "USB", types: [.boolean], home: .entitlements,
      platforms: [.macOS: "10.7"], summary: "Lets a sandboxed app talk to USB devices",
      url: entitlementPage + "com.apple.security.device.usb"),
    KnownKey(
      "com.apple.security.print", display: "Printing", types: [.boolean], home: .entitlements,
      platforms: [.macOS: "10.7"], summary: "Lets a sandboxed app print",
      url: entitlementPage + "com.apple.security.print"),
    KnownKey(
      "com.apple.security.device.bluetooth", display: "Bluetooth", types: [.boolean],
      home: .entitlements, platforms: [.macOS: "10.7"],
      summary: "Lets a sandboxed app talk to Bluetooth devices",
      url: entitlementPage + "com.apple.security.device.bluetooth"),
    KnownKey(
      "com.apple.security.personal-information.addressbook", display: "Contacts", types: [.boolean],
      home: .entitlements, platforms: [.macOS: "10.7"],
      summary: "Lets the app read and write Contacts",
      url: entitlementPage + "com.apple.security.personal-information.addressbook"),
    KnownKey(
      "com.apple.security.personal-information.location", display: "Location", types: [.boolean],
      home: .entitlements, platforms: [.macOS: "10.7"],
      summary: "Lets the app use Location Services",
      url: entitlementPage + "com.apple.security.personal-information.location"),
    KnownKey(
      "com.apple.security.personal-information.calendars", display: "Calendar", types: [.boolean],
      home: .entitlements, platforms: [.macOS: "10.7"],
      summary: "Lets the app read and write calendars",
      url: entitlementPage + "com.apple.security.personal-information.calendars"),
    KnownKey(
      "com.apple.security.personal-information.photos-library", display: "Photos Library",
      types: [.boolean], home: .entitlements, platforms: [.macOS: "10.7"],
      summary: "Lets the app read and write the Photos library",
      url: entitlementPage + "com.apple.security.personal-information.photos-library"),
    KnownKey(
      "com.apple.security.files.user-selected.read-only", display: "User Selected File (Read Only)",
      types: [.boolean], home: .entitlements, platforms: [.macOS: "10.7"],
      summary: "Lets a sandboxed app read files the user picks",
      url: entitlementPage + "com.apple.security.files.user-selected.read-only"),
    KnownKey(
      "com.apple.security.files.user-selected.read-write",
      display: "User Selected File (Read/Write)", types: [.boolean], home: .entitlements,
      platforms: [.macOS: "10.7"],
      summary: "Lets a sandboxed app read and write files the user picks",
      url: entitlementPage + "com.apple.security.files.user-selected.read-write"),
    KnownKey(
      "com.apple.security.files.downloads.read-only", display: "Downloads Folder (Read Only)",
      types: [.boolean], home: .entitlements, platforms: [.macOS: "10.7"],
      summary: "Lets a sandboxed app read the Downloads folder",
      url: entitlementPage + "com.apple.security.files.downloads.read-only"),
    KnownKey(
      "com.apple.security.files.downloads.read-write", display: "Downloads Folder (Read/Write)",
      types: [.boolean], home: .entitlements, platforms: [.macOS: "10.7"],
      summary: "Lets a sandboxed app read and write the Downloads folder",
      url: entitlementPage + "com.apple.security.files.downloads.read-write"),
    KnownKey(
      "com.apple.security.assets.pictures.read-only", display: "Pictures Folder (Read Only)",
      types: [.boolean], home: .entitlements, platforms: [.macOS: "10.7"],
      summary: "Lets a sandboxed app read the Pictures folder",
      url: entitlementPage + "com.apple.security.assets.pictures.read-only"),
    KnownKey(
      "com.apple.security.assets.pictures.read-write", display: "Pictures Folder (Read/Write)",
      types: [.boolean], home: .entitlements, platforms: [.macOS: "10.7"],
      summary: "Lets a sandboxed app read and write the Pictures folder",
      url: entitlementPage + "com.apple.security.assets.pictures.read-write"),
    KnownKey(
      "com.apple.security.assets.music.read-only", display: "Music Folder (Read Only)",
      types: [.boolean], home: .entitlements, platforms: [.macOS: "10.7"],
      summary: "Lets a sandboxed app read the Music folder",
      url: entitlementPage + "com.apple.security.assets.music.read-only"),
    KnownKey(
      "com.apple.security.assets.music.read-write", display: "Music Folder (Read/Write)",
      types: [.boolean], home: .entitlements, platforms: [.macOS: "10.7"],
      summary: "Lets a sandboxed app read and write the Music folder",
      url: entitlementPage + "com.apple.security.assets.music.read-write"),
    KnownKey(
      "com.apple.security.assets.movies.read-only", display: "Movies Folder (Read Only)",
      types: [.boolean], home: .entitlements, platforms: [.macOS: "10.7"],
      summary: "Lets a sandboxed app read the Movies folder",
      url: entitlementPage + "com.apple.security.assets.movies.read-only"),
    KnownKey(
      "com.apple.security.assets.movies.read-write", display: "Movies Folder (Read/Write)",
      types: [.boolean], home: .entitlements, platforms: [.macOS: "10.7"],
      summary: "Lets a sandboxed app read and write the Movies folder",
      url: entitlementPage + "com.apple.security.assets.movies.read-write"),
    KnownKey(
      "com.apple.security.files.all", types: [], home: .entitlements, platforms: [.macOS: "10.7"],
      deprecations: [.init("10.11", platform: .macOS)],
      summary: "Gave a sandboxed app access to every file",
      url: entitlementPage + "com.apple.security.files.all"),
    KnownKey(
      "com.apple.security.application-groups", display: "App Groups", types: [.array],
      home: .entitlements, platforms: [.iOS: "3.0", .macOS: "10.7", .tvOS: "9.0", .watchOS: "2.0"],
      summary: "The app groups whose shared containers the app may use",
      url: entitlementPage + "com.apple.security.application-groups"),
    KnownKey(
      "com.apple.security.smartcard", types: [.boolean], home: .entitlements,
      platforms: [.macOS: "10.10"], summary: "Lets the app use smart cards",
      url: entitlementPage + "com.apple.security.smartcard"),
    KnownKey(
      "com.apple.security.hypervisor", types: [.boolean], home: .entitlements,
      platforms: [.macOS: "11.0"],
      summary: "Lets the app create virtual machines with the Hypervisor framework",
      url: entitlementPage + "com.apple.security.hypervisor"),
    KnownKey(
      "com.apple.security.virtualization", types: [.boolean], home: .entitlements,
      platforms: [.macOS: "11.0"],
      summary: "Lets the app run virtual machines with the Virtualization framework",
      url: entitlementPage + "com.apple.security.virtualization"),
    KnownKey(
      "com.apple.vm.networking", types: [.boolean], home: .entitlements,
      platforms: [.macOS: "10.10"],
      summary: "Lets a virtualization app manage virtual network interfaces",
      url: entitlementPage + "com.apple.vm.networking"),
    KnownKey(
      "com.apple.vm.device-access", types: [.boolean], home: .entitlements,
      platforms: [.macOS: "10.10"], summary: "Lets a virtualization app take over USB devices",
      url: entitlementPage + "com.apple.vm.device-access"),
    KnownKey(
      "com.apple.vm.hypervisor", types: [], home: .entitlements, platforms: [.macOS: "10.10"],
      deprecations: [.init("11.0", platform: .macOS, replacement: "com.apple.security.hypervisor")],
      summary: "Gave access to the Hypervisor framework",
      url: entitlementPage + "com.apple.vm.hypervisor"),
    KnownKey(
      "com.apple.security.files.bookmarks.app-scope", types: [.boolean], home: .entitlements,
      platforms: [.macOS: "10.7.3"], note: "Archive only: no current reference page was read",
      summary: "Lets a sandboxed app keep security-scoped bookmarks for itself",
      url: "https://developer.apple.com/library/archive/documentation/"
        + "Miscellaneous/Reference/EntitlementKeyReference/Chapters/EnablingAppSandbox.html"),
    KnownKey(
      "com.apple.security.files.bookmarks.document-scope", types: [.boolean], home: .entitlements,
      platforms: [.macOS: "10.7.3"], note: "Archive only: no current reference page was read",
      summary: "Lets a sandboxed app keep security-scoped bookmarks inside documents",
      url: "https://developer.apple.com/library/archive/documentation/"
        + "Miscellaneous/Reference/EntitlementKeyReference/Chapters/EnablingAppSandbox.html"),
    KnownKey(
      "com.apple.security.files.user-selected.executable", types: [.boolean], home: .entitlements,
      platforms: [.macOS: "10.7"], note: "Archive only: no current reference page was read",
      summary: "Lets a sandboxed app mark files the user picks as executable",
      url: "https://developer.apple.com/library/archive/documentation/"
        + "Miscellaneous/Reference/EntitlementKeyReference/Chapters/EnablingAppSandbox.html"),
    KnownKey(
      "com.apple.security.inherit", types: [.boolean], home: .entitlements,
      platforms: [.macOS: "10.7"],
      summary: "Makes an embedded helper tool inherit its parent app's sandbox",
      url: "https://developer.apple.com/documentation/xcode/"
        + "embedding-a-helper-tool-in-a-sandboxed-app"),
    KnownKey(
      "com.apple.security.scripting-targets", types: [.dictionary], home: .entitlements,
      platforms: [.macOS: "10.7"], note: "Archive only: no current reference page was read",
      summary: "The scripting access groups of other apps a sandboxed app may send Apple events to",
      url: "https://developer.apple.com/library/archive/documentation/"
        + "Miscellaneous/Reference/EntitlementKeyReference/Chapters/EnablingAppSandbox.html"),
    KnownKey(
      "com.apple.security.temporary-exception.apple-events", types: [.string, .array],
      home: .entitlements, platforms: [.macOS: "10.7"],
      note: "Archive only: the full table was not retrieved",
      summary: "A temporary sandbox exception (apple-events) that App Review asks you to justify",
      url: "https://developer.apple.com/library/archive/documentation/"
        + "Miscellaneous/Reference/EntitlementKeyReference/Chapters/AppSandboxTemporaryExceptionEntitlements.html"
    ),
    KnownKey(
      "com.apple.security.temporary-exception.mach-lookup.global-name", types: [.string, .array],
      home: .entitlements, platforms: [.macOS: "10.7"],
      note: "Archive only: the full table was not retrieved",
      summary:
        "A temporary sandbox exception (mach-lookup.global-name) that App Review asks you to justify",
      url: "https://developer.apple.com/library/archive/documentation/"
        + "Miscellaneous/Reference/EntitlementKeyReference/Chapters/AppSandboxTemporaryExceptionEntitlements.html"
    ),
    KnownKey(
      "com.apple.security.temporary-exception.mach-register.global-name", types: [.string, .array],
      home: .entitlements, platforms: [.macOS: "10.7"],
      note: "Archive only: the full table was not retrieved",
      summary:
        "A temporary sandbox exception (mach-register.global-name) that App Review asks you to justify",
      url: "https://developer.apple.com/library/archive/documentation/"
        + "Miscellaneous/Reference/EntitlementKeyReference/Chapters/AppSandboxTemporaryExceptionEntitlements.html"
    ),
    KnownKey(
      "com.apple.security.temporary-exception.files.home-relative-path.read-only",
      types: [.string, .array], home: .entitlements, platforms: [.macOS: "10.7"],
      note: "Archive only: the full table was not retrieved",
      summary:
        "A temporary sandbox exception (files.home-relative-path.read-only) that App Review asks you to justify",
      url: "https://developer.apple.com/library/archive/documentation/"
        + "Miscellaneous/Reference/EntitlementKeyReference/Chapters/AppSandboxTemporaryExceptionEntitlements.html"
    ),
    KnownKey(
      "com.apple.security.temporary-exception.files.home-relative-path.read-write",
      types: [.string, .array], home: .entitlements, platforms: [.macOS: "10.7"],
      note: "Archive only: the full table was not retrieved",
      summary:
        "A temporary sandbox exception (files.home-relative-path.read-write) that App Review asks you to justify",
      url: "https://developer.apple.com/library/archive/documentation/"
        + "Miscellaneous/Reference/EntitlementKeyReference/Chapters/AppSandboxTemporaryExceptionEntitlements.html"
    ),
    KnownKey(
      "com.apple.security.temporary-exception.files.absolute-path.read-only",
      types: [.string, .array], home: .entitlements, platforms: [.macOS: "10.7"],
      note: "Archive only: the full table was not retrieved",
      summary:
        "A temporary sandbox exception (files.absolute-path.read-only) that App Review asks you to justify",
      url: "https://developer.apple.com/library/archive/documentation/"
        + "Miscellaneous/Reference/EntitlementKeyReference/Chapters/AppSandboxTemporaryExceptionEntitlements.html"
    ),
    KnownKey(
      "com.apple.security.temporary-exception.files.absolute-path.read-write",
      types: [.string, .array], home: .entitlements, platforms: [.macOS: "10.7"],
      note: "Archive only: the full table was not retrieved",
      summary:
        "A temporary sandbox exception (files.absolute-path.read-write) that App Review asks you to justify",
      url: "https://developer.apple.com/library/archive/documentation/"
        + "Miscellaneous/Reference/EntitlementKeyReference/Chapters/AppSandboxTemporaryExceptionEntitlements.html"
    ),
    KnownKey(
      "com.apple.security.temporary-exception.shared-preference.read-only",
      types: [.string, .array], home: .entitlements, platforms: [.macOS: "10.7"],
      note: "Archive only: the full table was not retrieved",
      summary:
        "A temporary sandbox exception (shared-preference.read-only) that App Review asks you to justify",
      url: "https://developer.apple.com/library/archive/documentation/"
        + "Miscellaneous/Reference/EntitlementKeyReference/Chapters/AppSandboxTemporaryExceptionEntitlements.html"
    ),
    KnownKey(
      "com.apple.security.temporary-exception.shared-preference.read-write",
      types: [.string, .array], home: .entitlements, platforms: [.macOS: "10.7"],
      note: "Archive only: the full table was not retrieved",
      summary:
        "A temporary sandbox exception (shared-preference.read-write) that App Review asks you to justify",
      url: "https://developer.apple.com/library/archive/documentation/"
        + "Miscellaneous/Reference/EntitlementKeyReference/Chapters/AppSandboxTemporaryExceptionEntitlements.html"
    ),
    KnownKey(
      "com.apple.security.temporary-exception.iokit-user-client-class", types: [.string, .array],
      home: .entitlements, platforms: [.macOS: "10.7"],
      note: "Archive only: the full table was not retrieved",
      summary:
        "A temporary sandbox exception (iokit-user-client-class) that App Review asks you to justify",
      url: "https://developer.apple.com/library/archive/documentation/"
        + "Miscellaneous/Reference/EntitlementKeyReference/Chapters/AppSandboxTemporaryExceptionEntitlements.html"
    ),
    KnownKey(
      "com.apple.security.temporary-exception.audio-unit-host", types: [], home: .entitlements,
      platforms: [.macOS: "10.7"],
      note: "Archive only: the full table was not retrieved; its value type is unclear",
      summary:
        "A temporary sandbox exception (audio-unit-host) that App Review asks you to justify",
      url: "https://developer.apple.com/library/archive/documentation/"
        + "Miscellaneous/Reference/EntitlementKeyReference/Chapters/AppSandboxTemporaryExceptionEntitlements.html"
    ),
    KnownKey(
      "com.apple.security.cs.allow-jit", display: "Allow Execution of JIT-compiled Code",
      types: [.boolean], home: .entitlements, platforms: [.macOS: "10.7"],
      summary: "Lets the hardened runtime map writable and executable memory with MAP_JIT",
      url: entitlementPage + "com.apple.security.cs.allow-jit"),
    KnownKey(
      "com.apple.security.cs.allow-unsigned-executable-memory",
      display: "Allow Unsigned Executable Memory", types: [.boolean], home: .entitlements,
      platforms: [.macOS: "10.7"],
      summary: "Lets the hardened runtime create writable and executable memory without MAP_JIT",
      url: entitlementPage + "com.apple.security.cs.allow-unsigned-executable-memory"),
    KnownKey(
      "com.apple.security.cs.allow-dyld-environment-variables",
      display: "Allow DYLD Environment Variables", types: [.boolean], home: .entitlements,
      platforms: [.macOS: "10.7"],
      summary: "Lets dyld honour DYLD_ environment variables under the hardened runtime",
      url: entitlementPage + "com.apple.security.cs.allow-dyld-environment-variables"),
    KnownKey(
      "com.apple.security.cs.disable-library-validation", display: "Disable Library Validation",
      types: [.boolean], home: .entitlements, platforms: [.macOS: "10.7"],
      summary: "Lets the app load plug-ins and frameworks signed by other teams",
      url: entitlementPage + "com.apple.security.cs.disable-library-validation"),
    KnownKey(
      "com.apple.security.cs.disable-executable-page-protection",
      display: "Disable Executable Memory Protection", types: [.boolean], home: .entitlements,
      platforms: [.macOS: "10.7"],
      summary: "Turns off code-signing protection of executable memory entirely",
      url: entitlementPage + "com.apple.security.cs.disable-executable-page-protection"),
    KnownKey(
      "com.apple.security.cs.debugger", display: "Debugging Tool", types: [.boolean],
      home: .entitlements, platforms: [.macOS: "10.7"],
      summary: "Marks the app as a debugger that may attach to other processes",
      url: entitlementPage + "com.apple.security.cs.debugger"),
    KnownKey(
      "com.apple.security.automation.apple-events", display: "Apple Events", types: [.boolean],
      home: .entitlements, platforms: [.macOS: "10.7"],
      summary: "Lets a hardened app ask to send Apple events to other apps",
      url: entitlementPage + "com.apple.security.automation.apple-events"),
    KnownKey(
      "com.apple.security.get-task-allow", types: [.boolean], home: .entitlements,
      platforms: [.macOS: ""],
      summary: "Lets debuggers attach; Xcode adds it to debug builds and notarization refuses it",
      url: "https://developer.apple.com/documentation/security/"
        + "resolving-common-notarization-issues"),
    KnownKey(
      "get-task-allow", types: [.boolean], home: .entitlements, platforms: [.iOS: ""],
      summary: "Lets debuggers attach; it comes from a development provisioning profile",
      url: "https://developer.apple.com/documentation/bundleresources/"
        + "diagnosing-issues-with-entitlements"),
    KnownKey(
      "application-identifier", types: [.string], home: .entitlements,
      note: "Named on the diagnosing page only",
      summary:
        "The team and bundle identifier the signature is for; it comes from the provisioning profile",
      url: "https://developer.apple.com/documentation/bundleresources/"
        + "diagnosing-issues-with-entitlements"),
  ]
}
