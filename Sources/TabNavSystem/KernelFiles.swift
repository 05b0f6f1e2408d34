import CSystem
#if canImport(Glibc)
import Glibc
#endif

/// Files the kernel makes up as they are read (docs/layout-files.md, "Files"): everything on
/// procfs, sysfs, debugfs, tracefs, securityfs, the cgroup file systems and their kin. Such a file
/// can hold what no layout should show unasked (`/proc/self/environ` is the program's whole
/// environment, secrets included) or change the system by being read (`/proc/kmsg` consumes the
/// kernel's log), so a layout file's tab reads one only once the person trusted the file.
///
/// Known by the file system's magic number (`statfs`'s `f_type`, from linux/magic.h), never by
/// the path: `/proc` mounted elsewhere, or a link to it, is found all the same.
package enum KernelFiles {
    /// Magic numbers and the names messages give them.
    static let fileSystems: [(magic: Int, name: String)] = [
        (0x9fa0, "procfs"), (0x6265_6572, "sysfs"), (0x6462_6720, "debugfs"), (0x7472_6163, "tracefs"),
        (0x7363_6673, "securityfs"), (0x27_e0eb, "cgroupfs"), (0x6367_7270, "cgroup2fs"),
        (0xcafe_4a11, "bpffs"), (0x6165_676c, "pstore"), (0xde5e_81e4, "efivarfs"), (0xf97c_ff8c, "selinuxfs"),
        (0x4341_5d53, "smackfs"), (0x4249_4e4d, "binfmt_misc"), (0x6e73_6673, "nsfs"), (0x6265_6570, "configfs"),
    ]

    /// The name of the kernel's file system `magic` is, or nil for any other.
    package static func name(ofMagic magic: Int) -> String? {
        fileSystems.first { $0.magic == magic }?.name
    }

    /// Which kernel file system the open file `fd` is on; nil when it is on another (or cannot tell).
    package static func fileSystem(ofOpen fd: Int32) -> String? {
        let magic = tabnav_file_system_of_open(fd)
        return magic < 0 ? nil : name(ofMagic: magic)
    }

    /// Which kernel file system `path` is on (links followed; `~` is `HOME`); nil for any other,
    /// or a path that does not exist now.
    package static func fileSystem(atPath path: String) -> String? {
        var full = path
        if path == "~" || path.hasPrefix("~/") {
            guard let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty else { return nil }
            full = home + path.dropFirst()
        }
        let magic = tabnav_file_system_at(full)
        return magic < 0 ? nil : name(ofMagic: magic)
    }
}
