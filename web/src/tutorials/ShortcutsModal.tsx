import { Modal } from "../components/Modal";
import { shortcutGroups } from "../commands/shortcuts";

/** docs/product.md#tutorials-and-shortcuts: every shortcut, grouped, generated from the table the key handlers use. */
export function ShortcutsModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Keyboard Shortcuts" onClose={onClose} wide scrollable>
      <div className="shortcuts" data-testid="shortcuts">
        {shortcutGroups().map(({ group, items }) => (
          <section key={group} className="shortcuts-group">
            <h3>{group}</h3>
            <table className="shortcuts-table">
              <tbody>
                {items.map((item) => (
                  <tr key={item.label}>
                    <td>{item.label}</td>
                    <td className="shortcuts-keys">
                      {item.keys.map((k) => (
                        <kbd key={k}>{k}</kbd>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
      </div>
    </Modal>
  );
}
