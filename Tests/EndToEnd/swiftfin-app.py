#!/usr/bin/env python3
"""Makes the Info.plist of a built Swiftfin.app, with two faults, from the corpus's source file.

Usage: swiftfin-app.py CORPUS/info-plist/Swiftfin__iOS__Info.plist OUT/Swiftfin.app/Info.plist

The corpus file is Swiftfin's source Info.plist. It is edited as text (tabs and key order kept)
the way Xcode's build would: the $(VAR) and ${VAR} placeholders expanded, UIDeviceFamily [1, 2]
added (TARGETED_DEVICE_FAMILY = "1,2" in Swiftfin's project). Two keys are removed to make the
faults the editing tests fix: UIRequiresFullScreen (with it, the iPad app stays out of
multitasking, so its three iPad orientations pass) and NSLocalNetworkUsageDescription (which
NSBonjourServices calls for). Used by Tests/EndToEnd/editing.sh and
Screenshots/make-screenshots.sh; exits 1 with a message when the file is not as expected.
"""

import re
import sys

SETTINGS = {
    "DEVELOPMENT_LANGUAGE": "en", "EXECUTABLE_NAME": "Swiftfin", "PRODUCT_NAME": "Swiftfin",
    "PRODUCT_BUNDLE_IDENTIFIER": "org.jellyfin.swiftfin", "PRODUCT_BUNDLE_PACKAGE_TYPE": "APPL",
    "MARKETING_VERSION": "1.0", "CURRENT_PROJECT_VERSION": "1",
}
REMOVED = [
    r"\t<key>UIRequiresFullScreen</key>\n\t<true/>\n",
    r"\t<key>NSLocalNetworkUsageDescription</key>\n\t<string>[^<]*</string>\n",
]
FAMILY = ("\t<key>UIDeviceFamily</key>\n\t<array>\n\t\t<integer>1</integer>\n"
          "\t\t<integer>2</integer>\n\t</array>\n")


def main(source, target):
    with open(source, encoding="utf-8") as f:
        text = f.read()
    try:
        text = re.sub(
            r"\$\((\w+)\)|\$\{(\w+)\}", lambda m: SETTINGS[m.group(1) or m.group(2)], text)
    except KeyError as e:
        sys.exit("swiftfin-app.py: no value for the build setting %s" % e)
    for pattern in REMOVED:
        text, n = re.subn(pattern, "", text)
        if n != 1:
            sys.exit("swiftfin-app.py: %s is not in %s once" % (pattern, source))
    at = text.find("\t<key>UIFileSharingEnabled</key>")
    if at < 0:
        sys.exit("swiftfin-app.py: UIFileSharingEnabled is not in %s" % source)
    with open(target, "w", encoding="utf-8") as f:
        f.write(text[:at] + FAMILY + text[at:])


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__.split("\n\n")[1])
    main(sys.argv[1], sys.argv[2])
