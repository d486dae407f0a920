/// A small project written for the tests: two configurations, a project `.xcconfig` that
/// includes another (and optionally a missing one), a target `.xcconfig`, an Info.plist file,
/// conditional settings and placeholders resolved and not.
enum XcodeProjectFixture {
  static let pbxproj = """
    // !$*UTF8*$!
    {
      archiveVersion = 1;
      objectVersion = 77;
      objects = {
        P1 = { isa = PBXProject; buildConfigurationList = PL; mainGroup = G0; targets = (T1, T2); developmentRegion = fr; };
        G0 = { isa = PBXGroup; children = (G1, F4); sourceTree = "<group>"; };
        G1 = { isa = PBXGroup; children = (F1, F2); path = Config; sourceTree = "<group>"; };
        F1 = { isa = PBXFileReference; path = Base.xcconfig; sourceTree = "<group>"; };
        F2 = { isa = PBXFileReference; path = App.xcconfig; sourceTree = "<group>"; };
        F3 = { isa = PBXFileReference; path = Gone.xcconfig; sourceTree = SOURCE_ROOT; };
        F4 = { isa = PBXFileReference; path = System/Library/Frameworks/UIKit.framework; sourceTree = SDKROOT; };
        PL = { isa = XCConfigurationList; buildConfigurations = (PD, PR); defaultConfigurationName = Release; };
        PD = { isa = XCBuildConfiguration; baseConfigurationReference = F1; buildSettings = {
            DEVELOPMENT_TEAM = ABCDE12345;
            OTHER_SWIFT_FLAGS = "$(inherited) -DPROJECT";
          }; name = Debug; };
        PR = { isa = XCBuildConfiguration; baseConfigurationReference = F1; buildSettings = {
          }; name = Release; };
        T1 = { isa = PBXNativeTarget; buildConfigurationList = TL; name = "My App"; productName = MyApp; productType = "com.apple.product-type.application"; };
        TL = { isa = XCConfigurationList; buildConfigurations = (TD, TR); };
        TD = { isa = XCBuildConfiguration; baseConfigurationReference = F2; buildSettings = {
            CODE_SIGN_ENTITLEMENTS = "$(SRCROOT)/App/App.entitlements";
            DEVELOPMENT_TEAM = "$(DEVELOPMENT_TEAM)";
            FALLBACK = "$(NOPE:default=fallback)";
            GENERATE_INFOPLIST_FILE = YES;
            INFOPLIST_FILE = App/Info.plist;
            INFOPLIST_KEY_LSUIElement = YES;
            INFOPLIST_KEY_MadeUp = x;
            INFOPLIST_KEY_NSCameraUsageDescription = "Scan $(PRODUCT_NAME) codes";
            INFOPLIST_KEY_NSHumanReadableCopyright = "";
            "INFOPLIST_KEY_UILaunchScreen_Generation[sdk=iphoneos*]" = YES;
            INFOPLIST_KEY_UISupportedInterfaceOrientations = "UIInterfaceOrientationPortrait UIInterfaceOrientationLandscapeLeft";
            INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad = UIInterfaceOrientationPortrait;
            IPHONEOS_DEPLOYMENT_TARGET = 17.0;
            MODULE = "$(PRODUCT_MODULE_NAME:lower)";
            OTHER_SWIFT_FLAGS = "$(inherited) -DTARGET";
            PRODUCT_BUNDLE_IDENTIFIER = "$(BUNDLE_PREFIX).$(PRODUCT_NAME:rfc1034identifier)";
            SUPPORTED_PLATFORMS = "iphoneos iphonesimulator macosx";
            TARGETED_DEVICE_FAMILY = "1,2";
            WIDGET_ID = "${PRODUCT_BUNDLE_IDENTIFIER}.$(UNDEFINED_THING)";
          }; name = Debug; };
        TR = { isa = XCBuildConfiguration; buildSettings = {
            GENERATE_INFOPLIST_FILE = NO;
            INFOPLIST_FILE = App/Missing.plist;
            "MARKETING_VERSION[config=Release]" = 9.9;
            PRODUCT_NAME = Other;
          }; name = Release; };
        T2 = { isa = PBXNativeTarget; buildConfigurationList = T2L; name = Widget; productType = "com.apple.product-type.app-extension"; };
        T2L = { isa = XCConfigurationList; buildConfigurations = (T2D); };
        T2D = { isa = XCBuildConfiguration; baseConfigurationReference = F3; buildSettings = {
            GENERATE_INFOPLIST_FILE = YES;
          }; name = Debug; };
      };
      rootObject = P1;
    }
    """

  static let shared = """
    // shared settings
    BUNDLE_PREFIX = com.example
    OTHER_SWIFT_FLAGS = -DSHARED
    MARKETING_VERSION = 1.0 // overridden by Base.xcconfig
    """

  static let base = """
    #include "Shared.xcconfig"
    #include? "Missing.xcconfig"
    OTHER_SWIFT_FLAGS = $(inherited) -DBASE
    MARKETING_VERSION = 2.3.4;
    SDKROOT = iphoneos
    INFOPLIST_KEY_UIStatusBarStyle[sdk=iphoneos*] = UIStatusBarStyleLightContent
    """

  static let app = """
    OTHER_SWIFT_FLAGS = $(inherited) -DAPP
    CURRENT_PROJECT_VERSION = 42
    """

  static let infoPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>CFBundleExecutable</key>
    \t<string>$(EXECUTABLE_NAME)</string>
    \t<key>NSCameraUsageDescription</key>
    \t<string>old text</string>
    \t<key>UISupportedInterfaceOrientations</key>
    \t<array>
    \t\t<string>UIInterfaceOrientationPortrait</string>
    \t</array>
    \t<key>WidgetID</key>
    \t<string>${WIDGET_ID}</string>
    \t<key>UIDeviceFamily</key>
    \t<array>
    \t\t<integer>1</integer>
    \t</array>
    </dict>
    </plist>
    """

  static var tree: MemoryFileTree {
    MemoryFileTree([
      "Fixture.xcodeproj/project.pbxproj": pbxproj,
      "Config/Shared.xcconfig": shared,
      "Config/Base.xcconfig": base,
      "Config/App.xcconfig": app,
      "App/Info.plist": infoPlist,
    ])
  }
}
