// The live table's channels (docs/live.md; web/live.py decides what goes over them). A worker
// has no RTCPeerConnection, so the page holds one WebRTC data channel per other device: the
// host's page one per guest, a guest's page one to the host. No server of any kind: no STUN or
// TURN, only the host candidates two devices on one network need. This script does what the
// table's Python asks ("offer", "answer", "accept", "send", "close") and tells it what
// happened ("offered", "answered", "open", "closed", "failed", "message"); it decides nothing.
(() => {
  "use strict";
  const peers = new Map();  // the other device's seat -> { connection, channel }

  // the channel is agreed on both sides (negotiated, id 0): no second round of signalling
  function connect(peer, tell) {
    close(peer);
    const connection = new RTCPeerConnection({ iceServers: [] });
    const channel = connection.createDataChannel("table", { negotiated: true, id: 0 });
    const held = { connection, channel };
    peers.set(peer, held);
    const current = () => peers.get(peer) === held;
    channel.onopen = () => current() && tell({ event: "open", peer });
    channel.onclose = () => current() && tell({ event: "closed", peer });
    channel.onmessage = ({ data }) => current() && tell({ event: "message", peer, data });
    connection.onconnectionstatechange = () => {
      if (current() && connection.connectionState === "failed") {
        tell({ event: channel.readyState === "open" ? "closed" : "failed", peer });
        close(peer);
      }
    };
    return connection;
  }

  // the description once every host candidate is in it (a few hundred milliseconds at most)
  function gathered(connection) {
    return new Promise((resolve) => {
      const done = () => {
        if (connection.iceGatheringState === "complete") resolve(connection.localDescription.sdp);
      };
      connection.addEventListener("icegatheringstatechange", done);
      done();
    });
  }

  function close(peer) {
    const held = peers.get(peer);
    if (!held) return;
    peers.delete(peer);
    held.channel.close();
    held.connection.close();
  }

  async function carryOut(command, tell) {
    const { do: what, peer } = command;
    try {
      if (what === "offer") {
        const connection = connect(peer, tell);
        await connection.setLocalDescription(await connection.createOffer());
        tell({ event: "offered", peer, sdp: await gathered(connection) });
      } else if (what === "answer") {
        const connection = connect(peer, tell);
        await connection.setRemoteDescription({ type: "offer", sdp: command.sdp });
        await connection.setLocalDescription(await connection.createAnswer());
        // the answer needs no candidate: the host learns its address from its checks
        tell({ event: "answered", peer, sdp: connection.localDescription.sdp });
      } else if (what === "accept") {
        await peers.get(peer).connection.setRemoteDescription({ type: "answer",
                                                                sdp: command.sdp });
      } else if (what === "send") {
        const held = peers.get(peer);
        if (held && held.channel.readyState === "open") held.channel.send(command.data);
        else tell({ event: "closed", peer });
      } else if (what === "close") {
        close(peer);
      }
    } catch (error) {
      console.warn(`live ${what}: ${error}`);
      close(peer);
      tell({ event: "failed", peer });
    }
  }

  window.tableLive = {
    carryOut,
    // for the tests: a channel dropped as a sleeping phone or a lost network drops it (both
    // sides hear it close)
    drop(peer) {
      const held = peers.get(peer);
      if (held) held.channel.close();
    },
  };
})();
