#include "legacy/dispatch_folder.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <regex>
#include <set>
#include <tuple>

#include "common/error.hpp"
#include "common/log.hpp"

namespace msprobe::legacy {

namespace fs = std::filesystem;

namespace {

std::set<std::string> npy_stems(const fs::path& dir) {
    std::set<std::string> stems;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        if (entry.path().extension() == ".npy" && entry.is_regular_file()) stems.insert(entry.path().stem().string());
    }
    if (ec) throw Error(dir.string(), fmt::format("cannot list: {}", ec.message()));
    return stems;
}

// Sort key of "<op>_<k>_output[.i[.j]]": operator, call counter, index path.
struct OutputKey {
    std::string op;
    long counter = -1;
    std::vector<long> index;
    std::string name;
    auto operator<=>(const OutputKey&) const = default;
};

OutputKey output_key(const std::string& name) {
    static const std::regex kOutput(R"(^(.*)_([0-9]+)_output((?:\.[0-9]+)*)$)");
    std::smatch m;
    OutputKey key;
    key.name = name;
    if (!std::regex_match(name, m, kOutput)) {
        key.op = name;
        return key;
    }
    key.op = m[1].str();
    key.counter = std::stol(m[2].str());
    const std::string path = m[3].str();
    for (std::size_t pos = 0; pos < path.size();) {
        const std::size_t next = path.find('.', pos + 1);
        key.index.push_back(
            std::stol(path.substr(pos + 1, next == std::string::npos ? std::string::npos : next - pos - 1)));
        pos = next == std::string::npos ? path.size() : next;
    }
    return key;
}

}  // namespace

std::optional<long> dispatch_rank(const std::string& run_folder_name) {
    static const std::regex kRunFolder(R"(^msprobe_(?:(.+)_)?rank([0-9]+)_([0-9]+)$)");
    std::smatch m;
    if (!std::regex_match(run_folder_name, m, kRunFolder)) return std::nullopt;
    return std::stol(m[2].str());
}

DispatchRun read_dispatch_run(const fs::path& npu_dir, const fs::path& cpu_dir) {
    DispatchRun run{npu_dir, cpu_dir, std::nullopt, {}};
    fs::path parent = fs::absolute(npu_dir).lexically_normal();
    if (parent.filename().empty()) parent = parent.parent_path();
    run.rank = dispatch_rank(parent.parent_path().filename().string());
    const auto npu = npy_stems(npu_dir);
    const auto cpu = npy_stems(cpu_dir);
    std::vector<OutputKey> keys;
    for (const auto& name : cpu) {
        if (npu.contains(name)) keys.push_back(output_key(name));
    }
    // Inputs are saved on the npu side only; an npu output without its cpu twin is worth a word.
    for (const auto& name : npu) {
        if (name.find("_output") != std::string::npos && !cpu.contains(name)) {
            log::warning(fmt::format("{}.npy has no counterpart in {}; not compared", name, cpu_dir.string()));
        }
    }
    if (keys.empty()) {
        throw Error(cpu_dir.string(), fmt::format("no .npy file here has a counterpart of the same name in {}",
                                                  npu_dir.string()));
    }
    std::sort(keys.begin(), keys.end());
    for (const auto& key : keys) {
        run.pairs.push_back({key.name, npu_dir / (key.name + ".npy"), cpu_dir / (key.name + ".npy")});
    }
    return run;
}

}  // namespace msprobe::legacy
