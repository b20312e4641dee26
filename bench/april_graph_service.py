"""Runs April msprobe's `msprobe -f pytorch graph` service on the command line's arguments.

msprobe.py imports torch before it dispatches, which the graph service does not use; this calls the
service as msprobe.py does, so that the benchmark runs where PyTorch is not installed.
"""
import argparse
import sys

from msprobe.visualization.graph_service import _pt_graph_service_command, _pt_graph_service_parser

parser = argparse.ArgumentParser(prog="msprobe -f pytorch graph")
_pt_graph_service_parser(parser)
args = parser.parse_args(sys.argv[1:])
args.framework = "pytorch"
_pt_graph_service_command(args)
