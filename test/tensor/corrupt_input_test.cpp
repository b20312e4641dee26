// Hostile inputs: every truncation and many byte mutations of valid files
// must end in msprobe::Error or a well-formed view, never in a crash or an
// out-of-bounds read (run under -fsanitize=address,undefined to be sure).
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "common/error.hpp"
#include "support/shared_fixtures.hpp"
#include "support/tensor_writers.hpp"
#include "tensor/tensor_file.hpp"
#include "tensor_test_support.hpp"

using namespace msprobe;
using namespace msprobe::tensor;
using namespace msprobe::testing;

namespace {

// Reads the bytes and touches every element; returns false on msprobe::Error.
template <class Read>
bool survives(const std::string& bytes, Read read) {
    try {
        const TensorView view = read(bytes);
        (void)to_double_vector(view);
        return true;
    } catch (const Error&) {
        return false;
    }
}

bool survives_pt(const std::string& bytes) { return survives(bytes, [](const std::string& b) { return read_pt_bytes(b); }); }
bool survives_npy(const std::string& bytes) { return survives(bytes, [](const std::string& b) { return read_npy_bytes(b); }); }

std::string sample_pt() {
    const auto storage = bytes_of(std::vector<float>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
    return pt_bytes({DType::Float32, {2, 2}, {1, 3}, 2, storage}, "archive");
}

}  // namespace

TEST_CASE("a .pt file cut at any length is rejected", "[corrupt][fixtures]") {
    std::vector<std::string> files{sample_pt()};
    if (const auto fixtures = shared_fixtures_or_skip()) {
        for (const char* name : {"pt/f32_channels_last.pt", "pt/via_file_object.pt", "pt/parameter_2.pt", "pt/i64_scalar.pt"}) {
            std::ifstream in(*fixtures / "generated" / name, std::ios::binary);
            std::ostringstream text;
            text << in.rdbuf();
            files.push_back(text.str());
        }
    }
    for (const auto& file : files) {
        REQUIRE(survives_pt(file));
        for (std::size_t size = 0; size < file.size(); ++size) {
            INFO(size);
            REQUIRE_FALSE(survives_pt(file.substr(0, size)));
        }
    }
}

TEST_CASE("every single-byte change of a data.pkl is handled", "[corrupt]") {
    // Re-zipped with a correct CRC so the pickle machine sees each mutation.
    const auto storage = bytes_of(std::vector<float>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
    const std::string pickle = pt_data_pkl({DType::Float32, {2, 2}, {1, 3}, 2, storage});
    const std::string storage_text(reinterpret_cast<const char*>(storage.data()), storage.size());
    std::size_t accepted = 0, rejected = 0;
    for (std::size_t at = 0; at < pickle.size(); ++at) {
        for (int value = 0; value < 256; ++value) {
            if (static_cast<unsigned char>(pickle[at]) == value) continue;
            std::string mutated = pickle;
            mutated[at] = static_cast<char>(value);
            const std::string file = torch_zip("archive", {{"data.pkl", mutated}, {"data/0", storage_text}});
            (survives_pt(file) ? accepted : rejected)++;
        }
    }
    INFO("accepted " << accepted << ", rejected " << rejected);
    REQUIRE(rejected > accepted);  // most mutations break it; the rest are other valid tensors
}

TEST_CASE("every single-byte change anywhere in a .pt file is handled", "[corrupt]") {
    const std::string file = sample_pt();
    for (std::size_t at = 0; at < file.size(); ++at) {
        for (const int value : {0x00, 0xFF, 0x7F, 0x80}) {
            std::string mutated = file;
            mutated[at] = static_cast<char>(static_cast<unsigned char>(mutated[at]) ^ value ^ 0x5A);
            (void)survives_pt(mutated);
        }
    }
}

TEST_CASE("every single-byte change of a .npy header is handled", "[corrupt]") {
    const std::string file = npy_bytes({"<f4", true}, {2, 3}, bytes_of(std::vector<float>{0, 1, 2, 3, 4, 5}));
    for (std::size_t at = 0; at < 128; ++at) {
        for (int value = 0; value < 256; ++value) {
            std::string mutated = file;
            mutated[at] = static_cast<char>(value);
            (void)survives_npy(mutated);
        }
    }
}

TEST_CASE("random bytes are rejected", "[corrupt]") {
    std::uint64_t state = 0x9E3779B97F4A7C15ULL;
    for (int round = 0; round < 2000; ++round) {
        std::string bytes(static_cast<std::size_t>(round % 300), '\0');
        for (auto& byte : bytes) {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            byte = static_cast<char>(state >> 56);
        }
        if (round % 2 == 0 && bytes.size() >= 4) bytes.replace(0, 4, "PK\x03\x04");
        REQUIRE_FALSE(survives_pt(bytes));
        REQUIRE_FALSE(survives_npy(bytes));
    }
}
