/// A minimal Xcode project: one app target, `Trail`, whose Info.plist the build generates from
/// `Trail/Info.plist` and its settings, for the tests of projects and of comparisons.
package enum ProjectFixture {
  /// The `project.pbxproj` text; `settings` adds build settings to the target's Release
  /// configuration (`MARKETING_VERSION = 2.1;`).
  package static func pbxproj(settings: [String] = []) -> String {
    let extra = settings.map { "\n        " + $0 }.joined()
    return """
      // !$*UTF8*$!
      {
        archiveVersion = 1;
        objectVersion = 77;
        objects = {
          P1 = { isa = PBXProject; buildConfigurationList = PL; mainGroup = G0; targets = (T1); };
          G0 = { isa = PBXGroup; children = (); sourceTree = "<group>"; };
          PL = { isa = XCConfigurationList; buildConfigurations = (PR); defaultConfigurationName = Release; };
          PR = { isa = XCBuildConfiguration; buildSettings = { SDKROOT = iphoneos; }; name = Release; };
          T1 = { isa = PBXNativeTarget; buildConfigurationList = TL; name = Trail; productName = Trail; productType = "com.apple.product-type.application"; };
          TL = { isa = XCConfigurationList; buildConfigurations = (TR); defaultConfigurationName = Release; };
          TR = { isa = XCBuildConfiguration; buildSettings = {
              INFOPLIST_FILE = Trail/Info.plist;
              PRODUCT_BUNDLE_IDENTIFIER = com.example.trail;\(extra)
              PRODUCT_NAME = Trail;
            }; name = Release; };
        };
        rootObject = P1;
      }
      """
  }
}
