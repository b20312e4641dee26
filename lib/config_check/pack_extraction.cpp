#include "config_check/pack_extraction.hpp"

#include <fmt/format.h>
#include <zip.h>

#include <cstdint>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "common/error.hpp"

namespace msprobe::config_check {

namespace {

namespace fs = std::filesystem;

constexpr std::uint64_t kMaxMemberBytes = 1073741824;  // FileCheckConst.MAX_FILE_SIZE
constexpr std::uint64_t kMaxTotalBytes = 10737418240;  // FileCheckConst.MAX_ZIP_SIZE

struct ZipCloser {
    void operator()(zip_t* archive) const { zip_discard(archive); }
};
struct FileCloser {
    void operator()(zip_file_t* file) const { zip_fclose(file); }
};

// The member's path below the folder, its "." and empty parts left out; nullopt-like empty path for a name that
// is only such parts. Throws for an absolute name or a ".." part.
fs::path member_path(const std::string& name, const std::string& pack) {
    if (!name.empty() && name.front() == '/') {
        throw Error(pack, fmt::format("Absolute path {} is not allowed in zip file", name));
    }
    fs::path relative;
    std::size_t start = 0;
    while (start <= name.size()) {
        std::size_t end = name.find('/', start);
        if (end == std::string::npos) end = name.size();
        const std::string part = name.substr(start, end - start);
        if (part == "..") {
            throw Error(pack, fmt::format("Path traversal detected: {} attempts to write outside of the extraction "
                                          "directory.",
                                          name));
        }
        if (!part.empty() && part != ".") relative /= part;
        start = end + 1;
    }
    return relative;
}

std::string zip_reason(zip_error_t* error) { return zip_error_strerror(error); }

}  // namespace

void unpack_pack(const fs::path& pack, const fs::path& dir) {
    const std::string name = pack.string();
    if (!name.ends_with(".zip")) throw Error(name, "should be one of the following types of files: ['.zip']");
    std::error_code ec;
    if (!fs::exists(pack, ec)) throw Error(name, "does not exist");
    if (!fs::is_regular_file(pack, ec)) throw Error(name, "is not a file");
    int code = 0;
    std::unique_ptr<zip_t, ZipCloser> archive(zip_open(name.c_str(), ZIP_RDONLY, &code));
    if (!archive) {
        zip_error_t error;
        zip_error_init_with_code(&error, code);
        const std::string reason = zip_reason(&error);
        zip_error_fini(&error);
        throw Error(name, "is not a readable zip archive: " + reason);
    }
    const zip_int64_t count = zip_get_num_entries(archive.get(), 0);
    std::uint64_t total = 0;
    struct Member {
        zip_uint64_t index;
        fs::path path;
        bool is_dir;
    };
    std::vector<Member> members;
    for (zip_int64_t i = 0; i < count; ++i) {
        zip_stat_t stat;
        zip_stat_init(&stat);
        if (zip_stat_index(archive.get(), static_cast<zip_uint64_t>(i), 0, &stat) != 0 ||
            (stat.valid & ZIP_STAT_NAME) == 0 || (stat.valid & ZIP_STAT_SIZE) == 0) {
            throw Error(name, "is damaged: " + zip_reason(zip_get_error(archive.get())));
        }
        const std::string member = stat.name;
        const fs::path path = member_path(member, name);
        if (stat.size > kMaxMemberBytes) throw Error(name, fmt::format("File {} is too large to extract", member));
        total += stat.size;
        if (total > kMaxTotalBytes) {
            throw Error(name, fmt::format("Total extracted size exceeds the limit of {} bytes", kMaxTotalBytes));
        }
        if (path.empty()) continue;
        members.push_back({static_cast<zip_uint64_t>(i), path, member.ends_with("/")});
    }
    fs::create_directories(dir, ec);
    if (ec) throw Error(dir.string(), "cannot be created: " + ec.message());
    std::vector<char> buffer(1 << 16);
    for (const Member& member : members) {
        const fs::path target = dir / member.path;
        if (member.is_dir) {
            fs::create_directories(target, ec);
            if (ec) throw Error(name, fmt::format("cannot unpack {}: {}", member.path.string(), ec.message()));
            continue;
        }
        fs::create_directories(target.parent_path(), ec);
        if (ec) throw Error(name, fmt::format("cannot unpack {}: {}", member.path.string(), ec.message()));
        std::unique_ptr<zip_file_t, FileCloser> in(zip_fopen_index(archive.get(), member.index, 0));
        if (!in)
            throw Error(name, fmt::format("is damaged at {}: {}", member.path.string(),
                                          zip_reason(zip_get_error(archive.get()))));
        std::ofstream out(target, std::ios::binary | std::ios::trunc);
        if (!out) throw Error(target.string(), "cannot be written");
        for (;;) {
            const zip_int64_t n = zip_fread(in.get(), buffer.data(), buffer.size());
            if (n < 0) {
                throw Error(name, fmt::format("is damaged at {}: {}", member.path.string(),
                                              zip_reason(zip_file_get_error(in.get()))));
            }
            if (n == 0) break;
            out.write(buffer.data(), n);
        }
        out.close();
        if (!out) throw Error(target.string(), "cannot be written");
    }
}

}  // namespace msprobe::config_check
