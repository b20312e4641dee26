// A configuration pack given to config_check -c: unpacked (the zip reader and its path guards), then every
// checker run on it as both the bench and the cmp pack.
#include <filesystem>

#include "config_check/pack_checkers.hpp"
#include "config_check/pack_extraction.hpp"
#include "fuzz_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace msprobe;
    const auto pack = fuzz::input_file("pack.zip", data, size);
    const auto unpacked = fuzz::scratch_dir() / "unpacked";
    std::error_code ec;
    std::filesystem::remove_all(unpacked, ec);
    fuzz::expect_result_or_error([&] {
        config_check::unpack_pack(pack, unpacked);
        (void)config_check::run_checkers(unpacked, unpacked, config_check::EnvColumns::AsNamed);
    });
    return 0;
}
