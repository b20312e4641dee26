#!/usr/bin/env python3
"""Inputs for bench/data2db_bench.sh, written as msprobe writes them.

  data2db_inputs.py dump OUT [--steps 100] [--ranks 8] [--layers 24]
      OUT/step<N>/rank<M>/{dump.json,construct.json}: a transformer of `layers` blocks, each step two micro steps
      (Module.* roots), forward and backward entries of modules and APIs, parameters and gradients; statistics mode.
  data2db_inputs.py monitor OUT [--steps 100] [--ranks 8] [--layers 24]
      OUT/<time>-rank<M>-<tag>/<metric>_<start>-<end>.csv, the monitor's CSV layout (vpp_stage, name, step
      [, micro_step], statistics), a file per 50 steps.
Values come from a seeded generator, so two runs write the same bytes.
"""
import argparse
import json
import os
import random


def stat(rng):
    mean = rng.uniform(-1, 1)
    spread = rng.uniform(0.01, 3)
    return {"Max": mean + spread, "Min": mean - spread, "Mean": mean, "Norm": abs(mean) * 40 + spread}


def tensor(rng, shape, dtype="torch.float32"):
    return dict(type="torch.Tensor", dtype=dtype, shape=shape, requires_grad=True, **stat(rng))


def write_dump_rank(path, rng, layers, micro_steps):
    data, construct = {}, {}
    counters = {}

    def api(name, parent, n_in, n_out):
        idx = counters.get(name, 0)
        counters[name] = idx + 1
        fwd = f"{name}.{idx}.forward"
        bwd = f"{name}.{idx}.backward"
        data[fwd] = {"input_args": [tensor(rng, [8, 1024]) for _ in range(n_in)], "input_kwargs": {},
                     "output": [tensor(rng, [8, 1024]) for _ in range(n_out)]}
        data[bwd] = {"input": [tensor(rng, [8, 1024]) for _ in range(n_out)],
                     "output": [tensor(rng, [8, 1024]) for _ in range(n_in)]}
        construct[fwd] = parent
        construct[bwd] = parent.replace(".forward.", ".backward.") if parent else None

    for micro in range(micro_steps):
        root = f"Module.model.GPT.forward.{micro}"
        construct[root] = None
        data[root] = {"input_args": [tensor(rng, [8, 1024])], "input_kwargs": {}, "output": [tensor(rng, [8, 1024])]}
        for layer in range(layers):
            block = f"Module.model.layers.{layer}.Block.forward.{micro}"
            construct[block] = root
            data[block] = {"input_args": [tensor(rng, [8, 1024])], "input_kwargs": {},
                           "output": [tensor(rng, [8, 1024])]}
            for sub in ("attn.qkv.Linear", "attn.proj.Linear", "mlp.fc1.Linear", "mlp.fc2.Linear"):
                module = f"Module.model.layers.{layer}.{sub}.forward.{micro}"
                construct[module] = block
                data[module] = {"input_args": [tensor(rng, [8, 1024])], "input_kwargs": {},
                                "output": [tensor(rng, [8, 1024])],
                                "parameters": {"weight": [tensor(rng, [1024, 1024])],
                                               "bias": [tensor(rng, [1024])]}}
                api("Functional.linear", module, 3, 1)
            api("Functional.layer_norm", block, 3, 1)
            api("Torch.matmul", block, 2, 1)
            api("Functional.softmax", block, 1, 1)
            api("Functional.gelu", block, 1, 1)
            api("Tensor.__add__", block, 2, 1)
    for layer in range(layers):
        for sub in ("attn.qkv.Linear", "attn.proj.Linear", "mlp.fc1.Linear", "mlp.fc2.Linear"):
            data[f"Module.model.layers.{layer}.{sub}.parameters_grad"] = {
                "weight": [tensor(rng, [1024, 1024])], "bias": [tensor(rng, [1024])]}
    os.makedirs(path, exist_ok=True)
    with open(os.path.join(path, "dump.json"), "w") as f:
        json.dump({"task": "statistics", "level": "mix", "framework": "pytorch", "dump_data_dir": None,
                   "data": data}, f, indent=1)
    with open(os.path.join(path, "construct.json"), "w") as f:
        json.dump(construct, f, indent=1)


def write_monitor(out, rng, steps, ranks, layers):
    ops = ["min", "max", "norm", "nans", "mean"]
    per_file = 50
    for rank in range(ranks):
        folder = os.path.join(out, f"Dec03_21-34-40-rank{rank}-bench")
        os.makedirs(folder, exist_ok=True)
        for metric, micro in (("actv", True), ("actv_grad", True), ("grad_reduced", False), ("exp_avg", False)):
            for start in range(0, steps, per_file):
                header = ["vpp_stage", "name", "step"] + (["micro_step"] if micro else []) + ops
                lines = [",".join(header)]
                for step in range(start, min(start + per_file, steps)):
                    for m in range(2 if micro else 1):
                        for layer in range(layers):
                            for sub in ("self_attention.linear_qkv", "self_attention.linear_proj", "mlp.linear_fc1",
                                        "mlp.linear_fc2"):
                                name = f"layers.{layer}.{sub}" + (".output" if micro else ".weight")
                                values = [f"{rng.uniform(-1, 1):.6f}" for _ in ops]
                                row = ["0", name, str(step)] + ([str(m)] if micro else []) + values
                                lines.append(",".join(row))
                with open(os.path.join(folder, f"{metric}_{start}-{start + per_file - 1}.csv"), "w") as f:
                    f.write("\n".join(lines) + "\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("kind", choices=["dump", "monitor"])
    parser.add_argument("out")
    parser.add_argument("--steps", type=int, default=100)
    parser.add_argument("--ranks", type=int, default=8)
    parser.add_argument("--layers", type=int, default=24)
    parser.add_argument("--micro_steps", type=int, default=2)
    args = parser.parse_args()
    rng = random.Random(1234)
    if args.kind == "monitor":
        write_monitor(args.out, rng, args.steps, args.ranks, args.layers)
        return
    for step in range(args.steps):
        for rank in range(args.ranks):
            write_dump_rank(os.path.join(args.out, f"step{step}", f"rank{rank}"), rng, args.layers,
                            args.micro_steps)


if __name__ == "__main__":
    main()
