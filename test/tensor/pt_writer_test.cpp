// torch.save's records for every dtype, held against the independent writer of
// torch's layout (support/tensor_writers) and read back by read_pt.
#include "tensor/pt_writer.hpp"

#include <catch2/catch.hpp>

#include "owned_view.hpp"
#include "support/file_text.hpp"
#include "support/shared_fixtures.hpp"
#include "support/tensor_writers.hpp"
#include "tensor/pt_reader.hpp"
#include "tensor/zip_archive.hpp"
#include "tensor_test_support.hpp"

using namespace msprobe;
using namespace msprobe::tensor;
using testing::owned_view;
using testing::patterned_bytes;

namespace {

const DType kAllTypes[] = {DType::Float16, DType::BFloat16,  DType::Float32,   DType::Float64,
                           DType::Int8,    DType::Int16,     DType::Int32,     DType::Int64,
                           DType::UInt8,   DType::Complex64, DType::Complex128};

std::string as_text(std::span<const std::byte> bytes) {
    return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

}  // namespace

TEST_CASE("write_pt lays out torch.save's records where the oracle does", "[pt_writer]") {
    const auto dir = testing::scratch_dir("pt_writer_dtypes");
    for (const DType dtype : kAllTypes) {
        for (const std::vector<std::int64_t>& shape :
             {std::vector<std::int64_t>{2, 3}, {}, {7}, {2, 1, 3, 2}, {70000}, {0, 3}}) {
            std::int64_t numel = 1;
            for (const auto dim : shape) numel *= dim;
            const std::string storage = patterned_bytes(static_cast<std::size_t>(numel) * dtype_size(dtype));
            const TensorView view = owned_view(dtype, shape, storage);
            const auto file = dir / "x.output.0.pt";
            write_pt(file, view, "x.output.0");
            INFO(torch_name(dtype) << " rank " << shape.size() << " numel " << numel);

            const std::string mine = testing::read_file_text(file);
            const testing::PtTensor oracle_tensor{dtype, shape, view.strides, 0, testing::span_of(storage), false};
            const std::string oracle = testing::pt_bytes(oracle_tensor, "x.output.0", true);
            const ZipArchive written(testing::span_of(mine), file.string());
            const ZipArchive expected(testing::span_of(oracle), "oracle");
            REQUIRE(written.entries().size() == expected.entries().size());
            for (std::size_t i = 0; i < expected.entries().size(); ++i) {
                const ZipEntry& want = expected.entries()[i];
                const ZipEntry& got = written.entries()[i];
                CHECK(got.name == want.name);
                CHECK(got.method == 0);
                CHECK(got.data_offset % 64 == 0);
                CHECK(as_text(written.stored_data(got)) == as_text(expected.stored_data(want)));
                CHECK(got.crc32 == want.crc32);
                // Records with data sit where torch puts them (empty ones lack torch's data descriptor).
                if (want.size > 0 && (i == 0 || expected.entries()[i - 1].size > 0))
                    CHECK(got.data_offset == want.data_offset);
            }

            const TensorView back = read_pt(file, {.verify_storage_crc = true});
            CHECK(back.dtype == dtype);
            CHECK(back.shape == shape);
            if (numel > 0) CHECK(as_text({back.data, storage.size()}) == storage);
        }
    }
}

TEST_CASE("pt_data_pkl is torch 1.13's pickle of the tensor", "[pt_writer]") {
    const std::string storage = patterned_bytes(4 * 300 * 2);
    const TensorView view = owned_view(DType::Float32, {300, 2}, storage);
    const testing::PtTensor oracle{DType::Float32, {300, 2}, {2, 1}, 0, testing::span_of(storage), false};
    CHECK(pt_data_pkl(view) == testing::pt_data_pkl(oracle));
    // Sizes beyond 32 bits are LONG1 integers; only the sizes are pickled, no element is read.
    TensorView huge;
    huge.dtype = DType::Int8;
    huge.shape = {5000000000LL, 1};
    huge.strides = {1, 1};
    const std::span<const std::byte> unread(static_cast<const std::byte*>(nullptr), 5000000000ULL);
    CHECK(pt_data_pkl(huge) == testing::pt_data_pkl({DType::Int8, huge.shape, huge.strides, 0, unread, false}));
}

TEST_CASE("write_pt names the file it cannot create", "[pt_writer]") {
    const auto missing = testing::scratch_dir("pt_writer_errors") / "no_such_dir" / "t.pt";
    CHECK_THROWS_WITH(write_pt(missing, owned_view(DType::Int8, {1}, "x"), "t"), Catch::Contains(missing.string()));
}
