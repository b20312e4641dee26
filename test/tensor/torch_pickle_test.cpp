// What a torch.save'd data.pkl describes, read by unpickle_tensor alone (no
// archive, no storage bytes): the storage record and declared size, element
// type, offset, size, stride and requires_grad, and what is refused.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "common/error.hpp"
#include "support/megatron_checkpoint_writer.hpp"
#include "support/tensor_writers.hpp"
#include "tensor/torch_pickle.hpp"
#include "tensor/zip_archive.hpp"
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

std::string text_of_record(const ZipArchive& archive, const ZipEntry& record) {
    const auto bytes = archive.stored_data(record);
    return std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size());
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

namespace {

UnpickledObject unpickle_checkpoint(const testing::MegatronRank& rank) {
    // data.pkl is the first record of the archive: read it back through the reader's own archive code.
    const std::string bytes = testing::megatron_rank_file_bytes(rank);
    const ZipArchive archive(std::as_bytes(std::span(bytes.data(), bytes.size())), "model_optim_rng.pt", 4096);
    const ZipEntry* record = archive.find("model_optim_rng/data.pkl");
    REQUIRE(record != nullptr);
    return unpickle_object(archive.stored_data(*record), "model_optim_rng.pt", record->name);
}

}  // namespace

TEST_CASE("a checkpoint's objects: dicts, args, other classes kept by name", "[pt][torch_pickle]") {
    testing::MegatronRank rank;
    rank.tensor_parallel = 4;
    rank.experts = 8;
    rank.chunks = {{{"decoder.layers.0.mlp.linear_fc1.weight", {2, 3}, std::vector<float>(6, 1.0f)}}};
    const UnpickledObject checkpoint = unpickle_checkpoint(rank);
    REQUIRE(checkpoint.root.kind == TorchObject::Kind::Dict);
    const TorchObject* args = checkpoint.root.find("args");
    REQUIRE(args != nullptr);
    CHECK(args->kind == TorchObject::Kind::Other);
    CHECK(args->text == "argparse.Namespace");
    CHECK(args->find("tensor_model_parallel_size")->number == 4);
    CHECK(args->find("num_experts")->number == 8);
    CHECK(args->find("lr")->real == 0.0001);
    CHECK(args->find("activation_func")->text == "torch.nn.functional.silu");
    CHECK(args->find("attention_backend")->text == "megatron.core.transformer.enums.AttnBackend");
    CHECK(checkpoint.root.find("checkpoint_version")->real == 3.0);

    const TorchObject* model = checkpoint.root.find("model");
    REQUIRE(model != nullptr);
    REQUIRE(model->kind == TorchObject::Kind::Dict);  // an OrderedDict; its _metadata is not an item
    REQUIRE(model->items.size() == 6);
    CHECK(model->items[0].text == "decoder.layers.0.mlp.linear_fc1.weight");
    CHECK(model->items[1].kind == TorchObject::Kind::Tensor);
    CHECK(model->items[3].text == "_io.BytesIO");
    CHECK(model->items[5].kind == TorchObject::Kind::None);
    REQUIRE(checkpoint.tensors.size() == 2);  // the weight and the RNG state's tensor
    CHECK(checkpoint.tensors[0].shape == std::vector<std::int64_t>{2, 3});
    CHECK(checkpoint.tensors[0].storage_key == "0");

    const TorchObject* rng = checkpoint.root.find("rng_state");
    REQUIRE((rng != nullptr && rng->kind == TorchObject::Kind::List && rng->items.size() == 1));
    const TorchObject* numpy_state = rng->items[0].find("np_rng_state");
    REQUIRE(numpy_state != nullptr);
    CHECK(numpy_state->items[1].text == "numpy.core.multiarray._reconstruct");
}

TEST_CASE("a tensor file still refuses a checkpoint's classes", "[pt][torch_pickle]") {
    testing::MegatronRank rank;
    rank.chunks = {{{"w", {1}, {1.0f}}}};
    const std::string bytes = testing::megatron_rank_file_bytes(rank);
    const ZipArchive archive(std::as_bytes(std::span(bytes.data(), bytes.size())), "model_optim_rng.pt", 4096);
    const ZipEntry* record = archive.find("model_optim_rng/data.pkl");
    REQUIRE(record != nullptr);
    const std::string pickle = text_of_record(archive, *record);
    CHECK_THAT(refusal(pickle), Catch::Contains("global argparse.Namespace is not allowed"));
}

TEST_CASE("checkpoint objects nested past the limit are refused", "[pt][torch_pickle]") {
    // PROTO 2, then 250 EMPTY_LISTs each appended into the one below, STOP.
    std::string pickle = "\x80\x02";
    for (int i = 0; i < 250; ++i) pickle += ']';
    for (int i = 0; i < 249; ++i) pickle += 'a';
    pickle += '.';
    try {
        unpickle_object(std::as_bytes(std::span(pickle.data(), pickle.size())), "deep.pt", "archive/data.pkl");
        FAIL("accepted");
    } catch (const Error& error) {
        CHECK_THAT(error.reason(), Catch::Contains("objects nested deeper than 200"));
    }
}
