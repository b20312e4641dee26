#include "support/megatron_checkpoint_writer.hpp"

#include <cstring>
#include <stdexcept>

#include "support/file_text.hpp"
#include "tensor/pickle_writer.hpp"
#include "support/tensor_writers.hpp"

namespace msprobe::testing {

namespace {

using tensor::DType;
using tensor::PickleWriter;

void put_bytes(std::string& out, const void* data, std::size_t size) {
    out.append(static_cast<const char*>(data), size);
}

std::string element_bytes(const MegatronTensor& tensor) {
    std::string bytes;
    for (const float value : tensor.values) {
        if (tensor.dtype == DType::Float32) {
            put_bytes(bytes, &value, sizeof value);
        } else if (tensor.dtype == DType::Float64) {
            const double wide = value;
            put_bytes(bytes, &wide, sizeof wide);
        } else if (tensor.dtype == DType::BFloat16) {
            std::uint32_t bits = 0;
            std::memcpy(&bits, &value, sizeof bits);
            bits += 0x7FFF + ((bits >> 16) & 1);  // round to nearest even
            const auto half = static_cast<std::uint16_t>(bits >> 16);
            put_bytes(bytes, &half, sizeof half);
        } else {
            throw std::invalid_argument("megatron test tensors are float32, float64 or bfloat16");
        }
    }
    return bytes;
}

std::vector<std::int64_t> strides_of(const std::vector<std::int64_t>& shape) {
    std::vector<std::int64_t> strides(shape.size(), 1);
    for (std::size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * std::max<std::int64_t>(shape[i], 1);
    return strides;
}

class CheckpointPickle {
public:
    // torch.Tensor.__reduce_ex__: _rebuild_tensor_v2 over a storage of its own.
    void tensor(const MegatronTensor& tensor) {
        const std::string key = std::to_string(storages_.size());
        storages_.emplace_back(key, element_bytes(tensor));
        p.global("torch._utils", "_rebuild_tensor_v2");
        p.mark();
        p.mark();
        p.text("storage");
        p.global("torch", torch_storage_class(tensor.dtype));
        p.text(key);
        p.text("cpu");
        p.integer(static_cast<std::int64_t>(tensor.values.size()));
        p.tuple_since_mark();
        p.persistent_id();
        p.integer(0);
        p.int_tuple(tensor.shape);
        p.int_tuple(strides_of(tensor.shape));
        p.boolean(false);
        p.global("collections", "OrderedDict");
        p.empty_tuple();
        p.reduce();
        p.tuple_since_mark();
        p.reduce();
    }

    // OrderedDict.__reduce__: the class called, the items set, then its __dict__ (_metadata) built in.
    void state_dict(const std::vector<MegatronTensor>& tensors) {
        p.global("collections", "OrderedDict");
        p.empty_tuple();
        p.reduce();
        p.mark();
        for (const auto& t : tensors) {
            p.text(t.name);
            tensor(t);
        }
        p.text("decoder.final_layernorm._extra_state");  // a module's extra state: an object of another class
        p.global("_io", "BytesIO");
        p.mark();
        latin1_bytes("extra");
        p.tuple_since_mark();
        p.reduce();
        p.mark();
        latin1_bytes("");
        p.integer(0);
        p.none();
        p.tuple_since_mark();
        p.build();
        p.text("embedding._extra_state");
        p.none();
        p.set_items_since_mark();
        p.empty_dict();
        p.mark();
        p.text("_metadata");
        p.global("collections", "OrderedDict");
        p.empty_tuple();
        p.reduce();
        p.mark();
        p.text("");
        p.empty_dict();
        p.mark();
        p.text("version");
        p.integer(1);
        p.set_items_since_mark();
        p.set_items_since_mark();
        p.set_items_since_mark();
        p.build();
    }

    // Python 2 protocol bytes: _codecs.encode(text, 'latin1').
    void latin1_bytes(const std::string& text) {
        p.global("_codecs", "encode");
        p.mark();
        p.text(text);
        p.text("latin1");
        p.tuple_since_mark();
        p.reduce();
    }

    // argparse.Namespace: copyreg.__newobj__, then its __dict__.
    void args(const MegatronRank& rank) {
        p.global("argparse", "Namespace");
        p.empty_tuple();
        p.new_object();
        p.empty_dict();
        p.mark();
        p.text("tensor_model_parallel_size");
        p.integer(rank.tensor_parallel);
        p.text("pipeline_model_parallel_size");
        p.integer(rank.pipeline_parallel);
        p.text("expert_model_parallel_size");
        p.integer(rank.expert_parallel);
        p.text("num_experts");
        if (rank.experts) {
            p.integer(*rank.experts);
        } else {
            p.none();
        }
        p.text("params_dtype");
        p.global("torch", "bfloat16");
        p.text("lr");
        p.real(0.0001);
        p.text("activation_func");
        p.global("torch.nn.functional", "silu");
        p.text("attention_backend");
        p.global("megatron.core.transformer.enums", "AttnBackend");
        p.mark();
        p.integer(5);
        p.tuple_since_mark();
        p.reduce();
        p.text("save");
        p.text("/checkpoints/run");
        p.set_items_since_mark();
        p.build();
    }

    // An RNG state with a NumPy array, as Megatron saves one per rank.
    void rng_state() {
        p.empty_list();
        p.mark();
        p.empty_dict();
        p.mark();
        p.text("random_rng_state");
        p.mark();
        p.integer(3);
        p.mark();
        for (int i = 0; i < 5; ++i) p.integer(2147483648LL + i);
        p.tuple_since_mark();
        p.none();
        p.tuple_since_mark();
        p.text("np_rng_state");
        p.mark();
        p.text("MT19937");
        p.global("numpy.core.multiarray", "_reconstruct");
        p.mark();
        p.global("numpy", "ndarray");
        p.int_tuple({0});
        latin1_bytes("b");
        p.tuple_since_mark();
        p.reduce();
        p.mark();
        p.integer(1);
        p.int_tuple({2});
        p.global("numpy", "dtype");
        p.mark();
        p.text("u4");
        p.boolean(false);
        p.boolean(true);
        p.tuple_since_mark();
        p.reduce();
        p.mark();
        p.integer(3);
        p.text("<");
        p.none();
        p.none();
        p.none();
        p.integer(-1);
        p.integer(-1);
        p.integer(0);
        p.tuple_since_mark();
        p.build();
        p.boolean(false);
        latin1_bytes(std::string("\x01\x00\x00\x00\x02\x00\x00\x00", 8));
        p.tuple_since_mark();
        p.build();
        p.integer(624);
        p.integer(0);
        p.real(0.0);
        p.tuple_since_mark();
        p.text("torch_rng_state");
        tensor({"rng", {4}, {1, 2, 3, 4}, DType::Float32});
        p.set_items_since_mark();
        p.appends_since_mark();
    }

    std::string checkpoint(const MegatronRank& rank) {
        p.empty_dict();
        p.mark();
        p.text("args");
        args(rank);
        p.text("checkpoint_version");
        p.real(3.0);
        p.text("iteration");
        p.integer(10);
        for (std::size_t c = 0; c < rank.chunks.size(); ++c) {
            p.text(rank.chunks.size() == 1 ? "model" : "model" + std::to_string(c));
            if (c == 0 && rank.nest_legacy_names) {
                p.empty_dict();
                p.mark();
                p.text("language_model");
                p.empty_dict();
                p.mark();
                p.text("encoder");
                state_dict(rank.chunks[c]);
                p.set_items_since_mark();
                p.set_items_since_mark();
            } else {
                state_dict(rank.chunks[c]);
            }
        }
        p.text("rng_state");
        rng_state();
        p.text("opt_param_scheduler");
        p.empty_dict();
        p.mark();
        p.text("num_steps");
        p.integer(1280);
        p.set_items_since_mark();
        p.set_items_since_mark();
        return p.finish();
    }

    const std::vector<std::pair<std::string, std::string>>& storages() const { return storages_; }

private:
    PickleWriter p;
    std::vector<std::pair<std::string, std::string>> storages_;
};

}  // namespace

std::string megatron_rank_file_bytes(const MegatronRank& rank) {
    CheckpointPickle pickle;
    ZipRecords records{{"data.pkl", pickle.checkpoint(rank)}, {"byteorder", "little"}};
    for (const auto& [key, bytes] : pickle.storages()) records.emplace_back("data/" + key, bytes);
    records.emplace_back("version", "3\n");
    return torch_zip("model_optim_rng", records);
}

void write_megatron_rank_file(const std::filesystem::path& iteration_dir, std::int64_t tensor_rank,
                              std::int64_t pipeline_rank, std::int64_t expert_rank, const MegatronRank& rank) {
    char name[64];
    if (rank.pipeline_parallel > 1) {
        std::snprintf(name, sizeof name, "mp_rank_%02lld_%03lld", static_cast<long long>(tensor_rank),
                      static_cast<long long>(pipeline_rank));
    } else {
        std::snprintf(name, sizeof name, "mp_rank_%02lld", static_cast<long long>(tensor_rank));
    }
    std::string dir = name;
    if (rank.expert_parallel > 1) {
        std::snprintf(name, sizeof name, "_%03lld", static_cast<long long>(expert_rank));
        dir += name;
    }
    write_file(iteration_dir / dir / "model_optim_rng.pt", megatron_rank_file_bytes(rank));
}

}  // namespace msprobe::testing
