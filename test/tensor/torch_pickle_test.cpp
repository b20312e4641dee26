// What a torch.save'd data.pkl describes, read by unpickle_tensor alone (no
// archive, no storage bytes): the storage record and declared size, element
// type, offset, size, stride and requires_grad, and what is refused.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "common/error.hpp"
#include "support/tensor_writers.hpp"
#include "tensor/torch_pickle.hpp"
#include "tensor_test_support.hpp"

using namespace msprobe;
using namespace msprobe::tensor;
namespace pk = msprobe::testing::pickle_text;

namespace {

TorchTensorRecord unpickle(const std::string& pickle) {
    return unpickle_tensor(std::as_bytes(std::span(pickle.data(), pickle.size())), "x.pt", "archive/data.pkl");
}

// The reason of the msprobe::Error unpickling `pickle` throws.
std::string refusal(const std::string& pickle) {
    try {
        unpickle(pickle);
    } catch (const Error& e) {
        CHECK(e.file() == "x.pt");
        return e.reason();
    }
    FAIL("the pickle was accepted");
    return {};
}

}  // namespace

TEST_CASE("torch.save's own data.pkl: storage, geometry and requires_grad", "[pt][torch_pickle]") {
    const std::vector<float> storage(12, 0.0f);
    testing::PtTensor written;
    written.shape = {2, 3};
    written.strides = {1, 2};
    written.storage_offset = 4;
    written.storage = std::as_bytes(std::span(storage));
    written.requires_grad = true;
    const TorchTensorRecord record = unpickle(testing::pt_data_pkl(written));
    CHECK(record.storage_key == "0");
    CHECK(record.storage_bytes == 48);
    CHECK(record.type.dtype == DType::Float32);
    CHECK(record.type.name() == "torch.float32");
    CHECK(record.storage_offset == 4);
    CHECK(record.shape == std::vector<std::int64_t>{2, 3});
    CHECK(record.strides == std::vector<std::int64_t>{1, 2});
    CHECK(record.requires_grad);
}

TEST_CASE("storage classes, parameters and v3 dtypes give the element type", "[pt][torch_pickle]") {
    const TorchTensorRecord doubles =
        unpickle(pk::stream(pk::rebuild_v2(pk::storage("DoubleStorage", 5, "7"), 1, {4}, {1})));
    CHECK(doubles.storage_key == "7");
    CHECK(doubles.storage_bytes == 40);
    CHECK(doubles.type.dtype == DType::Float64);
    CHECK_FALSE(doubles.requires_grad);

    const std::string tensor = pk::rebuild_v2(pk::storage("HalfStorage", 2), 0, {2}, {1});
    const TorchTensorRecord parameter =
        unpickle(pk::stream(pk::global("torch._utils", "_rebuild_parameter") +
                            pk::tuple({tensor, pk::boolean(true), pk::ordered_dict()}) + "R"));
    CHECK(parameter.type.dtype == DType::Float16);
    CHECK(parameter.requires_grad);  // the parameter's flag wins

    const std::string v3 = pk::global("torch._utils", "_rebuild_tensor_v3") + "(" + pk::storage("UntypedStorage", 6) +
                           pk::integer(0) + pk::int_tuple({3}) + pk::int_tuple({1}) + pk::boolean(false) +
                           pk::ordered_dict() + pk::global("torch", "uint16") + "tR";
    const TorchTensorRecord u16 = unpickle(pk::stream(v3));
    CHECK(u16.storage_bytes == 6);  // an untyped storage counts bytes
    CHECK(u16.type.name() == "uint16");
    CHECK(u16.type.stored_size() == 2);
    CHECK(u16.shape == std::vector<std::int64_t>{3});
}

TEST_CASE("anything but one allow-listed tensor is refused with its class and record", "[pt][torch_pickle]") {
    CHECK(refusal(pk::stream("N")) == "E_SCHEMA: not a single tensor: archive/data.pkl holds None");
    CHECK(refusal(pk::stream(pk::integer(3))).ends_with("holds int 3"));
    CHECK(refusal(pk::stream(pk::global("os", "system") + pk::tuple({pk::unicode("ls")}) + "R"))
              .starts_with("E_SECURITY: "));
    CHECK(refusal(pk::stream(pk::rebuild_v2(pk::storage("FloatStorage", 2, "../0"), 0, {2}, {1})))
              .find("storage key '../0' is not a plain record name") != std::string::npos);
    CHECK(refusal(pk::stream(pk::rebuild_v2(pk::storage("FloatStorage", -1), 0, {2}, {1})))
              .find("E_CORRUPT") != std::string::npos);
    CHECK(refusal(pk::stream(pk::rebuild_v2(pk::storage("QInt8Storage", 2), 0, {2}, {1})))
              .starts_with("E_UNSUPPORTED: "));
}
