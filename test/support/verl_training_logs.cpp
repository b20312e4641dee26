#include "support/verl_training_logs.hpp"

#include <string_view>

namespace msprobe::testing {

std::string npu_training_log() {
    return "(TaskRunner pid=2120) Using config file\n"
           "(TaskRunner pid=2120) {'actor_rollout_ref': {'actor': {'checkpoint': {'contents': ['model',\n"
           "(TaskRunner pid=2120)                                                              'optimizer',\n"
           "(TaskRunner pid=2120)                                                              'extra']},\n"
           "(TaskRunner pid=2120)                                  'clip_ratio': 0.2,\n"
           "(TaskRunner pid=2120)                                  'entropy_coeff': 0.001,\n"
           "(TaskRunner pid=2120)                                  'load_weight': True,\n"
           "(TaskRunner pid=2120)                                  'megatron': {'override_transformer_config': {"
           "'use_ascend_mc2': False},\n"
           "(TaskRunner pid=2120)                                               'tensor_model_parallel_size': 4}"
           ",\n"
           "(TaskRunner pid=2120)                                  'optim': {'lr': 1e-06,\n"
           "(TaskRunner pid=2120)                                            'lr_warmup_steps': -1,\n"
           "(TaskRunner pid=2120)                                            'weight_decay': 0.01},\n"
           "(TaskRunner pid=2120)                                  'ppo_micro_batch_size_per_gpu': None,\n"
           "(TaskRunner pid=2120)                                  'profiler': {'all_ranks': False,\n"
           "(TaskRunner pid=2120)                                               'discrete': False},\n"
           "(TaskRunner pid=2120)                                  'shuffle': False,\n"
           "(TaskRunner pid=2120)                                  'use_dynamic_bsz': False,\n"
           "(TaskRunner pid=2120)                                  'use_remove_padding': True},\n"
           "(TaskRunner pid=2120)                        'model': {'override_config': {},\n"
           "(TaskRunner pid=2120)                                  'path': '/home/data/models/Qwen2.5-7B-Instruc"
           "t',\n"
           "(TaskRunner pid=2120)                                  'use_remove_padding': True},\n"
           "(TaskRunner pid=2120)                        'rollout': {'gpu_memory_utilization': 0.6,\n"
           "(TaskRunner pid=2120)                                    'log_prob_use_dynamic_bsz': False,\n"
           "(TaskRunner pid=2120)                                    'name': 'vllm',\n"
           "(TaskRunner pid=2120)                                    'temperature': 1.0}},\n"
           "(TaskRunner pid=2120)  'algorithm': {'adv_estimator': 'grpo',\n"
           "(TaskRunner pid=2120)                'filter_groups': {'enable': False},\n"
           "(TaskRunner pid=2120)                'gamma': 1.0},\n"
           "(TaskRunner pid=2120)  'data': {'max_prompt_length': 512,\n"
           "(TaskRunner pid=2120)           'shuffle': False,\n"
           "(TaskRunner pid=2120)           'train_batch_size': 1024,\n"
           "(TaskRunner pid=2120)           'train_files': '/home/data/gsm8k/train.parquet'},\n"
           "(TaskRunner pid=2120)  'ray_init': {'num_cpus': None},\n"
           "(TaskRunner pid=2120)  'trainer': {'balance_batch': True,\n"
           "(TaskRunner pid=2120)              'logger': ['console', 'wandb'],\n"
           "(TaskRunner pid=2120)              'project_name': 'verl_grpo_example_gsm8k',\n"
           "(TaskRunner pid=2120)              'total_epochs': 15}}\n"
           "(TaskRunner pid=2120) Using dataset class: RLHFDataset\n";
}

// The NPU run's print with the bench's values: pprint lays both out alike.
std::string bench_training_log() {
    std::string log = npu_training_log();
    const auto replace = [&log](std::string_view from, std::string_view to) {
        log.replace(log.find(from), from.size(), to);
    };
    replace("'tensor_model_parallel_size': 4},", "'tensor_model_parallel_size': 2},");
    replace("'optim': {'lr': 1e-06,", "'optim': {'lr': 2e-06,");
    replace(" 'trainer': {'balance_batch': True,\n",
            " 'trainer': {'balance_batch': True,\n(TaskRunner pid=2120)              'device': 'cuda',\n");
    return log;
}

std::string interleaved_training_log() {
    return "(main_task pid=1) starting\n"
           "(TaskRunner pid=77) first config print\n"
           "(TaskRunner pid=77) {'actor_rollout_ref': {'old': 1}}\n"
           "(TaskRunner pid=77) {'actor_rollout_ref': {'model': {'lora_rank': 0,\n"
           "(TaskRunner pid=77)                                  'path': '/home/data/models/a-very-long-model-na"
           "me-that-pprint-will-have-to-split-over-several-lines/Qwen2.5-7B-Instruct-with-more-words',\n"
           "(TaskRunner pid=77)                                  'target_modules': 'all-linear'},\n"
           "(TaskRunner pid=77)                        'rollout': {'engine_kwargs': {'sglang': {},\n"
           "(TaskRunner pid=77)                                                      'vllm': {'swap_space': None"
           "}},\n"
           "(TaskRunner pid=77)                                    'val_kwargs': {'do_sample': False,\n"
           "(WorkerDict pid=99) interleaved line from another worker\n"
           "(TaskRunner pid=77)                                                   'temperature': 0,\n"
           "(TaskRunner pid=77)                                                   'top_k': -1,\n"
           "(TaskRunner pid=77)                                                   'top_p': 1.0}}},\n"
           "(TaskRunner pid=77)  'custom_reward_function': {'name': 'compute_score',\n"
           "(TaskRunner pid=77)                             'path': None},\n"
           "(TaskRunner pid=77)  'trainer': {'default_local_dir': 'checkpoints/verl_examples/gsm8k',\n"
           "(TaskRunner pid=77)              'max_actor_ckpt_to_keep': None,\n"
           "(TaskRunner pid=77)              'n_gpus_per_node': 8,\n"
           "(TaskRunner pid=77)              'nnodes': 1,\n"
           "(TaskRunner pid=77)              'rollout_data_dir': None,\n"
           "(TaskRunner pid=77)              'val_before_train': True,\n"
           "(TaskRunner pid=77)              'weights': [0.5, 1e-05, -2, 3.25e+20]}}\n"
           "(TaskRunner pid=77) Using dataset class: RLHFDataset\n";
}

std::string wrapped_string_training_log() {
    return "[2025-01-01 10:00:00] INFO: {'actor_rollout_ref': {'hybrid_engine': True,\n"
           "[2025-01-01 10:00:00] INFO:                        'note': 'a long sentence '\n"
           "[2025-01-01 10:00:00] INFO:                                'with many words '\n"
           "[2025-01-01 10:00:00] INFO:                                'that pprint will '\n"
           "[2025-01-01 10:00:00] INFO:                                'wrap over more '\n"
           "[2025-01-01 10:00:00] INFO:                                'than one line '\n"
           "[2025-01-01 10:00:00] INFO:                                'when it is '\n"
           "[2025-01-01 10:00:00] INFO:                                'printed '\n"
           "[2025-01-01 10:00:00] INFO:                                'narrowly'},\n"
           "[2025-01-01 10:00:00] INFO:  'data': {'prompt_key': 'prompt',\n"
           "[2025-01-01 10:00:00] INFO:           'tokenizer': None}}\n";
}

}  // namespace msprobe::testing
