// Hostile inputs: every truncation and many byte mutations of valid files
// must end in msprobe::Error or a well-formed view, never in a crash or an
// out-of-bounds read (run under -fsanitize=address,undefined to be sure).
// Where the part of the file a change hits decides the outcome (a signature,
// a CRC-checked record, a header's length, padding), the outcome is derived
// here and the refusal's reason or the values read are asserted.
#include <catch2/catch.hpp>

#include <cstring>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

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

bool survives_pt(const std::string& bytes) {
    return survives(bytes, [](const std::string& b) { return read_pt_bytes(b); });
}
bool survives_npy(const std::string& bytes) {
    return survives(bytes, [](const std::string& b) { return read_npy_bytes(b); });
}

std::string sample_pt() {
    const auto storage = bytes_of(std::vector<float>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
    return pt_bytes({DType::Float32, {2, 2}, {1, 3}, 2, storage}, "archive");
}

// What reading a file gave: its values, or the msprobe::Error's file and reason
// (any other exception fails the test).
struct Outcome {
    bool accepted = false;
    std::vector<double> values;
    std::string file;
    std::string reason;
};

template <class Read>
Outcome outcome_of(const std::string& bytes, Read read) {
    try {
        return {true, to_double_vector(read(bytes)), "", ""};
    } catch (const Error& e) {
        return {false, {}, e.file(), e.reason()};
    }
}

TensorView pt_view(const std::string& bytes) { return read_pt_bytes(bytes); }
TensorView npy_view(const std::string& bytes) { return read_npy_bytes(bytes); }

std::uint64_t little_endian(const std::string& bytes, std::size_t at, std::size_t size) {
    std::uint64_t value = 0;
    for (std::size_t i = size; i-- > 0;) value = value << 8 | static_cast<unsigned char>(bytes[at + i]);
    return value;
}

bool is_python_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// The reason starts with one of the readers' error classes ("E_TRUNCATED: ...").
bool has_error_class(const std::string& reason) {
    static const std::regex kClass("^E_[A-Z_]+: [\\s\\S]+");
    return std::regex_match(reason, kClass);
}

// ---- .npy: what each part of the header decides

// Byte 6 is the major version (1, 2 or 3), byte 7 the minor (0).
void check_npy_version_outcome(const Outcome& outcome, const std::string& mutated) {
    const int major = static_cast<unsigned char>(mutated[6]);
    const int minor = static_cast<unsigned char>(mutated[7]);
    if (major < 1 || major > 3 || minor != 0) {
        CHECK(outcome.reason ==
              "E_UNSUPPORTED: npy format version " + std::to_string(major) + "." + std::to_string(minor));
        return;
    }
    // Versions 2 and 3 read a 4-byte header length: the first two bytes of the dict join it.
    CHECK(outcome.reason == "E_BAD_HEADER: header of " + std::to_string(little_endian(mutated, 8, 4)) +
                                " bytes, at most 10000 are accepted");
}

// Bytes 8 and 9 are the header's length: the dict cut short, data read as header text, or the data moved.
void check_npy_length_outcome(const Outcome& outcome, const std::string& mutated, std::size_t brace,
                              std::size_t header_end) {
    const std::size_t length = little_endian(mutated, 8, 2);
    if (length > 10000) {
        CHECK(outcome.reason ==
              "E_BAD_HEADER: header of " + std::to_string(length) + " bytes, at most 10000 are accepted");
    } else if (length > mutated.size() - 10) {
        CHECK(outcome.reason ==
              "E_BAD_HEADER: header of " + std::to_string(length) + " bytes runs past the end of the file");
    } else if (10 + length <= brace) {
        CHECK_THAT(outcome.reason, Catch::StartsWith("E_BAD_HEADER: npy header column "));
    } else if (10 + length > header_end) {
        // The first data byte (float 0.0's 0x00) is no space.
        CHECK(outcome.reason == "E_BAD_HEADER: npy header column " + std::to_string(header_end - 10) +
                                    ": text after the closing brace");
    } else {
        // A shorter header ending in its padding: the data start earlier, spaces read as floats.
        REQUIRE(outcome.accepted);
        std::vector<double> expected;
        for (std::size_t i = 0; i < 2; ++i) {
            for (std::size_t j = 0; j < 3; ++j) {  // fortran order: element (i, j) is stored at i + 2j
                float value = 0;
                std::memcpy(&value, mutated.data() + 10 + length + 4 * (i + 2 * j), 4);
                expected.push_back(value);
            }
        }
        CHECK(outcome.values == expected);
    }
}

// A change inside the dict: another valid header, or a refusal the parser or the descr table names.
void check_npy_dict_outcome(const Outcome& outcome, std::size_t header_length) {
    if (outcome.accepted) {
        CHECK(outcome.values.size() <= 6);  // never more elements than the 24 data bytes hold
        return;
    }
    std::smatch column;
    static const std::regex kColumn("^E_BAD_HEADER: npy header column ([0-9]+): [\\s\\S]+");
    if (std::regex_match(outcome.reason, column, kColumn)) {
        CHECK(std::stoul(column[1]) <= header_length);
        return;
    }
    const bool named = outcome.reason.starts_with("E_UNSUPPORTED: ") ||
                       outcome.reason.starts_with("E_SECURITY: object array (descr ") ||
                       outcome.reason.starts_with("E_TRUNCATED: 24 data bytes, the shape and descr ") ||
                       outcome.reason == "E_BAD_HEADER: element count of the shape overflows 64 bits";
    CHECK(named);
}

// ---- .pt: the parts of the archive and what a change in each does

struct PtRegion {
    enum class Part {
        FirstSignature,
        LocalSignature,
        LocalName,
        LocalPadding,
        Data,
        CentralSignature,
        CentralName,
        Other,
    };
    std::size_t begin = 0;
    std::size_t end = 0;
    Part part = Part::Other;
    std::string record;  // the record's name, "" outside a record
    std::string what;    // for the test's messages
};

// The parts of the (well-formed) archive `file`, walked from its central directory (APPNOTE 4.3).
std::vector<PtRegion> pt_regions(const std::string& file) {
    using Part = PtRegion::Part;
    const std::size_t end_record = file.rfind(std::string("PK\x05\x06", 4));
    REQUIRE(end_record != std::string::npos);
    const std::size_t entries = little_endian(file, end_record + 10, 2);
    std::size_t central = little_endian(file, end_record + 16, 4);
    std::vector<PtRegion> regions;
    for (std::size_t i = 0; i < entries; ++i) {
        const std::size_t name_length = little_endian(file, central + 28, 2);
        const std::string name = file.substr(central + 46, name_length);
        const std::size_t local = little_endian(file, central + 42, 4);
        const std::size_t size = little_endian(file, central + 20, 4);
        const std::size_t local_name = local + 30;
        const std::size_t padding = local_name + little_endian(file, local + 26, 2);
        const std::size_t data = padding + little_endian(file, local + 28, 2);
        const auto add = [&](std::size_t begin, std::size_t end, Part part, const std::string& what) {
            regions.push_back({begin, end, part, name, what + " of " + name});
        };
        add(local, local + 4, local == 0 ? Part::FirstSignature : Part::LocalSignature, "local signature");
        add(local_name, padding, Part::LocalName, "local name");
        add(padding, data, Part::LocalPadding, "alignment padding");
        add(data, data + size, Part::Data, "data");
        add(central, central + 4, Part::CentralSignature, "central signature");
        add(central + 46, central + 46 + name_length, Part::CentralName, "central name");
        central += 46 + name_length + little_endian(file, central + 30, 2) + little_endian(file, central + 32, 2);
    }
    return regions;
}

const PtRegion& region_at(const std::vector<PtRegion>& regions, std::size_t at) {
    static const PtRegion kOther{0, 0, PtRegion::Part::Other, "", "a header field"};
    for (const auto& region : regions) {
        if (at >= region.begin && at < region.end) return region;
    }
    return kOther;
}

// The sample's values read from `storage` (record data/0): (2, 2) at offset 2 with strides (1, 3).
std::vector<double> sample_values(const std::string& storage) {
    std::vector<double> values;
    for (const std::size_t index : {2, 5, 3, 6}) {
        float value = 0;
        std::memcpy(&value, storage.data() + 4 * index, 4);
        values.push_back(value);
    }
    return values;
}

std::string bytes_in(const std::string& file, const PtRegion& region) {
    return file.substr(region.begin, region.end - region.begin);
}

void check_pt_outcome(const Outcome& outcome, const PtRegion& region, const Outcome& original,
                      const std::string& file, const std::string& mutated) {
    using Part = PtRegion::Part;
    CHECK((outcome.accepted || outcome.file == "memory.pt"));
    const std::string entry = "E_CORRUPT: entry '" + region.record + "': ";
    switch (region.part) {
        case Part::FirstSignature:
            CHECK(outcome.reason == "E_BAD_MAGIC: not a torch.save file (no ZIP signature)");
            return;
        case Part::LocalSignature:
            CHECK(outcome.reason == entry + "no local header signature at byte " + std::to_string(region.begin));
            return;
        case Part::LocalName:  // the central directory names the record
            CHECK(outcome.reason == entry + "local header names '" + bytes_in(mutated, region) + "'");
            return;
        case Part::CentralName: {
            // An unsafe name is refused before its local header is looked at.
            const std::string name = bytes_in(mutated, region);
            const std::string unsafe = "E_SECURITY: ZIP archive has an ";
            if (name.find('\0') != std::string::npos) {
                CHECK(outcome.reason == unsafe + "entry name containing NUL: '" + name + "'");
            } else if (name.find('\\') != std::string::npos) {
                CHECK(outcome.reason == unsafe + "entry name containing a backslash: '" + name + "'");
            } else if (name.front() == '/') {
                CHECK(outcome.reason == unsafe + "absolute entry name: '" + name + "'");
            } else {
                CHECK(outcome.reason == "E_CORRUPT: entry '" + name + "': local header names '" + region.record + "'");
            }
            return;
        }
        case Part::CentralSignature:
            CHECK(outcome.reason ==
                  "E_CORRUPT: no central directory header signature at byte " + std::to_string(region.begin));
            return;
        case Part::LocalPadding:  // it only aligns the data
            CHECK(outcome.accepted);
            CHECK(outcome.values == original.values);
            return;
        case Part::Data:
            if (region.record == "archive/data.pkl" || region.record == "archive/byteorder") {
                CHECK_THAT(outcome.reason, Catch::StartsWith(entry + "CRC-32 is "));  // always checked
            } else if (region.record == "archive/data/0") {
                // The storage's CRC is checked only on request (PtReadOptions): the changed element shows.
                REQUIRE(outcome.accepted);
                CHECK(sample_values(bytes_in(file, region)) == original.values);
                CHECK(outcome.values == sample_values(bytes_in(mutated, region)));
            } else if (!outcome.accepted) {
                CHECK(has_error_class(outcome.reason));
            }
            return;
        case Part::Other:
            if (!outcome.accepted) CHECK(has_error_class(outcome.reason));
            return;
    }
}

}  // namespace

TEST_CASE("a .pt file cut at any length is rejected", "[corrupt][fixtures]") {
    std::vector<std::string> files{sample_pt()};
    if (const auto fixtures = shared_fixtures_or_skip()) {
        for (const char* name :
             {"pt/f32_channels_last.pt", "pt/via_file_object.pt", "pt/parameter_2.pt", "pt/i64_scalar.pt"}) {
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

TEST_CASE("every single-byte change anywhere in a .pt file is read or refused for its reason", "[corrupt]") {
    const std::string file = sample_pt();
    const auto original = outcome_of(file, pt_view);
    REQUIRE(original.accepted);
    const std::vector<PtRegion> regions = pt_regions(file);
    std::size_t refused = 0;
    for (std::size_t at = 0; at < file.size(); ++at) {
        const PtRegion& region = region_at(regions, at);
        for (const int value : {0x00, 0xFF, 0x7F, 0x80}) {
            std::string mutated = file;
            mutated[at] = static_cast<char>(static_cast<unsigned char>(mutated[at]) ^ value ^ 0x5A);
            INFO("byte " << at << " (" << region.what << ") set to "
                         << static_cast<int>(static_cast<unsigned char>(mutated[at])));
            const Outcome outcome = outcome_of(mutated, pt_view);
            refused += outcome.accepted ? 0 : 1;
            check_pt_outcome(outcome, region, original, file, mutated);
        }
    }
    CHECK(refused > file.size());  // most changes break the file
}

TEST_CASE("every single-byte change of a .npy header is read or refused for its reason", "[corrupt]") {
    const std::string file = npy_bytes({"<f4", true}, {2, 3}, bytes_of(std::vector<float>{0, 1, 2, 3, 4, 5}));
    const auto original = outcome_of(file, npy_view);
    REQUIRE(original.accepted);
    const std::size_t header_end = 10 + little_endian(file, 8, 2);
    REQUIRE(header_end == 128);  // magic, version, length and a header padded to 64 bytes
    const std::size_t brace = file.find('}');
    for (std::size_t at = 0; at < header_end; ++at) {
        for (int value = 0; value < 256; ++value) {
            if (static_cast<unsigned char>(file[at]) == value) continue;
            std::string mutated = file;
            mutated[at] = static_cast<char>(value);
            INFO("byte " << at << " set to " << value);
            const Outcome outcome = outcome_of(mutated, npy_view);
            CHECK((outcome.accepted || outcome.file == "memory.npy"));
            if (at < 6) {
                CHECK(outcome.reason == "E_BAD_MAGIC: not a .npy file (magic string \\x93NUMPY missing)");
            } else if (at == 6 || at == 7) {
                check_npy_version_outcome(outcome, mutated);
            } else if (at == 8 || at == 9) {
                check_npy_length_outcome(outcome, mutated, brace, header_end);
            } else if (at > brace) {
                // Padding after the dict: whitespace changes nothing, anything else is text after the brace.
                if (is_python_space(static_cast<char>(value))) {
                    CHECK(outcome.accepted);
                    CHECK(outcome.values == original.values);
                } else {
                    CHECK(outcome.reason == "E_BAD_HEADER: npy header column " + std::to_string(at - 10) +
                                                ": text after the closing brace");
                }
            } else {
                check_npy_dict_outcome(outcome, header_end - 10);
            }
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
