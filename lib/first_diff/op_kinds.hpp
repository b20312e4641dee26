#pragma once
// How the first-difference (compare -da) and first-NaN/Inf (nan_analyze)
// analyses classify a dump key: communication op, ignored op, or compute op;
// and the role tables of the communication APIs.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace msprobe::first_diff {

enum class OpKind : std::uint8_t { Compute, Communication, Ignored };

// What a rank plays in a communication: the sending side, the receiving side,
// or an undirected participant.
enum class CommRole : std::uint8_t { Src, Dst, Link };

std::string_view role_name(CommRole role);  // "src", "dst", "link"
CommRole opposite(CommRole role);            // src <-> dst, link stays link

struct KeyRules {
    std::vector<std::string> comm_prefixes;  // a communication key starts with one of these
    std::vector<std::string> ignored;        // a key containing one of these is skipped everywhere

    OpKind kind_of(std::string_view key) const;
};

// compare -da: Distributed / MintDistributed / communication.comm_func; ignores
// Torch.empty, Torch.fill, Tensor.__setitem__, parameters_grad, Tensor.to.
const KeyRules& diff_key_rules();
// compare -da of August's release: the same, without parameters_grad and Tensor.to.
const KeyRules& diff_key_rules_keeping_grads();
// nan_analyze: Distributed. only; ignores Torch.empty, Torch.fill.
const KeyRules& nan_key_rules();

// The API segment of a key ("Distributed.all_reduce.0.forward" -> "all_reduce");
// nullopt for keys of fewer than four segments, which the analyses reject.
std::optional<std::string> comm_api(std::string_view key);

// The role a rank has when it is the rank named by the API's src/dst argument
// (send -> dst, broadcast -> src, ...); nullopt for undirected APIs.
std::optional<CommRole> directed_role(std::string_view api);

// The API to look for on the peer rank (send <-> recv, isend <-> irecv, ...).
std::string peer_api(std::string_view api);

}  // namespace msprobe::first_diff
