"""A TCP proxy as people run one to reach a remote driver's UI (the shape of an SSH tunnel):
python3 px.py TARGET_PORT LISTEN_PORT forwards LISTEN_PORT on 127.0.0.1 to TARGET_PORT.
Prints "ready PORT" once it listens (LISTEN_PORT 0: a free port)."""
import socket
import sys
import threading


def pipe(src, dst):
    try:
        while True:
            data = src.recv(65536)
            if not data:
                break
            dst.sendall(data)
    except OSError:
        pass
    finally:
        for s in (src, dst):
            try:
                s.close()
            except OSError:
                pass


def main():
    target, listen = int(sys.argv[1]), int(sys.argv[2])
    server = socket.socket()
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", listen))
    server.listen(16)
    print("ready", server.getsockname()[1], flush=True)
    while True:
        client, _ = server.accept()
        upstream = socket.create_connection(("127.0.0.1", target))
        threading.Thread(target=pipe, args=(client, upstream), daemon=True).start()
        threading.Thread(target=pipe, args=(upstream, client), daemon=True).start()


main()
